package ctxcancel

import (
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/apis"
)

// gormUse returns the sink of a GORM db.WithContext(ctx) call whose handle
// reaches, through GORM's chained calls (Begin, Model, Where, ...), a
// transaction's end (Commit, Transaction): the context governs the
// commit. A handle only read from, or written once outside a transaction,
// is no sink (apis/gormctx.go). When that end belongs to an inbox-gated
// unit (the Transaction callback, or the function that begins and
// commits, claims the message's ID and skips on RowsAffected 0:
// internal/inbox) the sink is of kind sinkGatedTx, like a SQL one's.
func (s *state) gormUse(instr ssa.CallInstruction, obj *types.Func, common *ssa.CallCommon, recvOff int) (use, bool) {
	call, ok := instr.(*ssa.Call)
	if !ok || !apis.IsGORMWithContext(obj) || recvOff >= len(common.Args) {
		return use{}, false
	}
	commit, end := gormCommit(call)
	if commit == nil {
		return use{}, false
	}
	kind := apis.SinkTx
	if s.gatedTxSink(end) {
		kind = sinkGatedTx
	}
	return use{instr: instr, arg: common.Args[recvOff], argIdx: 0, kind: kind,
		chain: []string{sinkName(obj), sinkName(commit)}}, true
}

// gormCommit returns the transaction end the *gorm.DB made by call
// reaches as the receiver of GORM's calls, and the call of it, or nil.
func gormCommit(call *ssa.Call) (*types.Func, *ssa.Call) {
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
			if apis.IsGORMCtxCommit(fn) {
				return fn, next
			}
			if apis.IsGORMDB(next.Type()) && !seen[next] {
				seen[next] = true
				work = append(work, next)
			}
		}
	}
	return nil, nil
}
