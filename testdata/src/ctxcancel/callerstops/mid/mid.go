// Package mid passes its own parameter to the loop: the decision moves up
// to mid.Start's callers (the StopsOn fact follows).
package mid

import (
	"context"

	"ctxcancel/callerstops/loop"
)

func Start(ctx context.Context, w *loop.Worker) { // want Start:"reachesSink p0:loop.Worker.Run→step→tx.Commit" Start:"stopsOn p0:ctx.Done\\(\\)@loop.go:18"
	w.Run(ctx)
}
