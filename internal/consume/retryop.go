package consume

import (
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/apis"
)

// retryOps are the library retry functions: they call their operation
// before they return, once per attempt.
var retryOps = apis.DefaultRetryFuncs()

// CallbackFunc returns the function literal (or function) that argument i
// of a call is, when the callee may run it: any argument that is one
// as is (CommitVia, DurableVia), and also the operation of a library
// retry function converted to the library's named function type on the
// way (retry-go's RetryableFunc, backoff's Operation: the literal
// reaches the callee as a ChangeType of the closure). Other conversions
// to a named handler type stay unfollowed: a jetstream.MessageHandler or
// a nats.MsgHandler is registered to run later on the client's
// goroutine, not before the call returns.
func CallbackFunc(c *ssa.CallCommon, obj *types.Func, i int) *ssa.Function {
	arg := c.Args[i]
	if f := ClosureFunc(arg); f != nil {
		return f
	}
	ct, ok := arg.(*ssa.ChangeType)
	if !ok || obj == nil {
		return nil
	}
	op := retryOps.OpIndex(obj)
	if op >= 0 && !c.IsInvoke() && obj.Signature().Recv() != nil {
		op++ // the receiver is the first argument of a static method call
	}
	if op < 0 || op != i {
		return nil
	}
	return ClosureFunc(ct.X)
}
