// Package wrap wraps idemlint's ctxutil.Detached and uses no sink: it is
// still analysed (relevant), so that the wrapper gets its fact.
package wrap

import (
	"context"
	"time"

	"github.com/idemlint/idemlint/idem/ctxutil"
)

func Batch(ctx context.Context) (context.Context, context.CancelFunc) { // want Batch:"returnsDetached/deadline"
	return ctxutil.Detached(ctx, 10*time.Second)
}
