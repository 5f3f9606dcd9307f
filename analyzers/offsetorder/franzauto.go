package offsetorder

import (
	"fmt"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/apis"
	"github.com/idemlint/idemlint/internal/consume"
	"github.com/idemlint/idemlint/internal/report"
)

// checkFranzAutoCommit reports a franz-go poll on a group client built in
// sight without kgo.DisableAutoCommit or kgo.AutoCommitMarks, whose records
// are then handled in the same function: the client commits what it polled
// on its own schedule (the previous poll's records on a timer, the current
// ones on a rebalance and at Close), not after the handler. A client that
// an exported function's parameter brings (a constructor keeping it in a
// field) is judged where that function is called (franzwired.go); any
// other client out of sight is left alone.
func (a *checker) checkFranzAutoCommit(fn *ssa.Function, s *funcSites) {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(*ssa.Call)
			if !ok || call.Call.IsInvoke() || len(call.Call.Args) == 0 {
				continue
			}
			obj, _ := consume.CalleeOf(&call.Call)
			if !apis.IsFranzPoll(obj) {
				continue
			}
			auto := a.FranzAutoCommits(call.Call.Args[0], a.funcs)
			wired, param, isWired := consume.FranzClientParam(call.Call.Args[0], a.funcs)
			if auto != consume.Yes && (auto != consume.Unknown || !isWired) {
				continue
			}
			polled := consume.DerivedFrom(call)
			h := consume.Search(call, false,
				func(i ssa.Instruction) bool { return s.handler[i] != "" && consume.UsesDerived(i, polled) },
				a.IsFetch)
			if h == nil {
				continue
			}
			if auto == consume.Unknown {
				fnObj, _ := fn.Object().(*types.Func)
				a.wiredPoll(wired, param, fmt.Sprintf("%s's %s (%s)", a.FuncName(fnObj, fn), a.Name(obj), a.Where(call)), fmt.Sprintf("%s (%s)", s.handler[h], a.Where(h)))
				continue
			}
			a.r.Report(a.RangeOf(call), fmt.Sprintf(
				"%s on a group client with franz-go's default autocommit: the client commits polled records on its own (on a timer, a rebalance, Close), not after %s (%s) handles them, so a failed or cut record is committed anyway; use kgo.AutoCommitMarks and MarkCommitRecords after the work",
				a.Name(obj), s.handler[h], a.Where(h)),
				report.Category("autocommit"), report.Related(a.RangeOf(h), "the work the autocommit does not wait for"))
		}
	}
}
