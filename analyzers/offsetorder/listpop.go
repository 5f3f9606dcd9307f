package offsetorder

import (
	"fmt"

	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/apis"
	"github.com/idemlint/idemlint/internal/consume"
	"github.com/idemlint/idemlint/internal/report"
)

// checkListPops reports a Redis list pop (BRPOP, LPOP, ...) whose entry is
// then handled in the same function: the pop removed the entry from Redis
// as it returned it, so it is the acknowledgement, made before the work. A
// crash during the work loses the entry. The reliable queue (BLMOVE into a
// processing list, LREM after the work) pops nothing and is not reported.
func (a *checker) checkListPops(fn *ssa.Function, s *funcSites) {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(*ssa.Call)
			if !ok {
				continue
			}
			obj, _ := consume.CalleeOf(&call.Call)
			if obj == nil || !apis.IsRedisListPop(a.LibOf(obj)) {
				continue
			}
			entry := consume.DerivedFrom(call)
			h := consume.Search(call, false,
				func(i ssa.Instruction) bool { return s.handler[i] != "" && consume.UsesDerived(i, entry) },
				a.isListPop)
			if h == nil {
				continue
			}
			a.r.Report(a.RangeOf(call), fmt.Sprintf(
				"%s removes the entry from the Redis list as it returns it, before %s (%s) handles it: the pop is the ack, and a crash in between loses the entry for good; move it to a processing list (BLMove, BRPopLPush) and LRem it after the work",
				a.Name(a.LibOf(obj)), s.handler[h], a.Where(h)),
				report.Category("list-pop"), report.Related(a.RangeOf(h), "the work the pop overtakes"))
		}
	}
}

// isListPop reports whether an instruction pops the next list entry.
func (a *checker) isListPop(instr ssa.Instruction) bool {
	call, ok := instr.(*ssa.Call)
	if !ok {
		return false
	}
	obj, _ := consume.CalleeOf(&call.Call)
	return obj != nil && apis.IsRedisListPop(a.LibOf(obj))
}
