package ctxcancel

import (
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/apis"
)

// gormUse returns the sink of a GORM db.WithContext(ctx) call whose handle
// reaches, through GORM's chained calls (Where, Model, Begin, ...), a write
// or a commit: the context governs that write. A handle only read from is
// no sink.
func (s *state) gormUse(instr ssa.CallInstruction, obj *types.Func, common *ssa.CallCommon, recvOff int) (use, bool) {
	call, ok := instr.(*ssa.Call)
	if !ok || !apis.IsGORMWithContext(obj) || recvOff >= len(common.Args) {
		return use{}, false
	}
	write := gormWrite(call)
	if write == nil {
		return use{}, false
	}
	return use{instr: instr, arg: common.Args[recvOff], argIdx: 0, kind: apis.SinkTx,
		chain: []string{sinkName(obj), sinkName(write)}}, true
}

// gormWrite returns the write or commit the *gorm.DB made by call reaches
// as the receiver of GORM's calls, or nil.
func gormWrite(call *ssa.Call) *types.Func {
	work := []ssa.Value{call}
	seen := map[ssa.Value]bool{call: true}
	for len(work) > 0 && len(seen) < 32 {
		v := work[0]
		work = work[1:]
		refs := v.Referrers()
		if refs == nil {
			continue
		}
		for _, r := range *refs {
			next, ok := r.(*ssa.Call)
			if !ok || next.Call.IsInvoke() || len(next.Call.Args) == 0 || next.Call.Args[0] != v {
				continue
			}
			callee := next.Call.StaticCallee()
			if callee == nil {
				continue
			}
			fn, _ := callee.Object().(*types.Func)
			if fn == nil {
				continue
			}
			if apis.IsGORMCtxWrite(fn) {
				return fn
			}
			if apis.IsGORMDB(next.Type()) && !seen[next] {
				seen[next] = true
				work = append(work, next)
			}
		}
	}
	return nil
}
