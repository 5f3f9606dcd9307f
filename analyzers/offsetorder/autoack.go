package offsetorder

import (
	"fmt"
	"go/constant"

	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/apis"
	"github.com/idemlint/idemlint/internal/consume"
	"github.com/idemlint/idemlint/internal/report"
)

// checkAutoAck reports a consumer started with autoAck true (amqp091
// Channel.Consume(q, c, true, ...)) whose deliveries are then handled in
// the same function: the broker forgets each message as it sends it, so a
// crash during the work loses it.
func (a *checker) checkAutoAck(fn *ssa.Function, s *funcSites) {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(*ssa.Call)
			if !ok {
				continue
			}
			obj, _ := consume.CalleeOf(&call.Call)
			i := apis.AutoAckArg(obj)
			if i < 0 {
				continue
			}
			if !call.Call.IsInvoke() && obj.Signature().Recv() != nil {
				i++ // a static method call passes the receiver first
			}
			if i >= len(call.Call.Args) || !isTrue(call.Call.Args[i]) {
				continue
			}
			h := consume.Search(call, true, func(x ssa.Instruction) bool { return s.handler[x] != "" }, nil)
			if h == nil {
				continue
			}
			a.r.Report(a.RangeOf(call), fmt.Sprintf(
				"%s with autoAck true acknowledges each delivery as it is sent, before %s (%s) handles it: a SIGTERM in between loses the message for good; consume with autoAck false and Ack after the work is committed",
				a.Name(obj), s.handler[h], a.Where(h)),
				report.Category("autoack"), report.Related(a.RangeOf(h), "the work the automatic ack overtakes"))
		}
	}
}

// isTrue reports whether v is the constant true.
func isTrue(v ssa.Value) bool {
	c, ok := v.(*ssa.Const)
	return ok && c.Value != nil && c.Value.Kind() == constant.Bool && constant.BoolVal(c.Value)
}
