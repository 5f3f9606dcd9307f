// Package use calls methods on the results of calls/keeps's
// constructors: the KeepsParams fact names the struct type behind the
// interface and what each constructor keeps.
package use

import (
	"context"

	"calls/keeps"
)

func Use(ctx context.Context) {
	h := keeps.NewConsumer(keeps.Config{Context: ctx})
	h.Start() // want `runs keeps.\(\*Config\).Start; f0←arg0.f0 f1←arg0.f1 f2←arg0.f2`

	keeps.NewConsumer(keeps.Config{}).Start() // want `runs keeps.\(\*Config\).Start;`

	keeps.NewWorker(ctx, keeps.Config{}).Start() // want `runs keeps.\(\*Worker\).Start; f0←arg0 f1←arg1.f1`

	d := keeps.NewDetached(ctx) // no fact: no method resolved through it
	_ = d
}
