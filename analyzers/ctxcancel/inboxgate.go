package ctxcancel

import (
	"go/ast"
	"go/token"

	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/apis"
	"github.com/idemlint/idemlint/internal/inbox"
)

// Inside an inbox-gated unit (internal/inbox: one transaction claims the
// message's stable ID and skips on an existing claim) a cancelled Commit
// or BeginTx is harmless: the claim rolls back with the effects and the
// redelivery replays the unit. Such transaction sinks — and a claim
// transaction's (claimtx.go) — are of their own kind, sinkGatedTx: rule 1 (shutdown) and rule 2 (mixed) leave them
// alone, rule 3 (a detached context without a timeout: a hang) does not.
// A publish leaves the transaction and stays a sink.

// sinkGatedTx is the kind of a transaction sink of an inbox-gated unit; it
// travels in ReachesSink facts like the other kinds.
const sinkGatedTx apis.SinkKind = "gatedtx"

// gateKind returns sinkGatedTx for a transaction sink of an inbox-gated
// unit, sinkDBTx for one of a database-only unit (dbtx.go), and kind
// otherwise.
func (s *state) gateKind(kind apis.SinkKind, instr ssa.CallInstruction) apis.SinkKind {
	if kind == apis.SinkTx && (s.gatedTxSink(instr) || s.claimTxSink(instr)) {
		return sinkGatedTx
	}
	if kind == apis.SinkTx && s.dbOnlyTxSink(instr) {
		return sinkDBTx // decided by the caller (dbtx.go)
	}
	return kind
}

// gatedTxSink reports whether instr, a transaction sink, belongs to an
// inbox-gated unit: the function it is in (or one around it) is one, or
// the transaction callback it runs (pgx.BeginFunc) is one.
func (s *state) gatedTxSink(instr ssa.CallInstruction) bool {
	res, _ := s.pass.ResultOf[inbox.Analyzer].(*inbox.Result)
	if res == nil {
		return false
	}
	for f := instr.Parent(); f != nil; f = f.Parent() {
		if res.Gated(syntaxBody(f)) {
			return true
		}
	}
	for _, a := range instr.Common().Args {
		var f *ssa.Function
		switch a := a.(type) {
		case *ssa.MakeClosure:
			f, _ = a.Fn.(*ssa.Function)
		case *ssa.Function:
			f = a
		}
		if f != nil && res.Gated(syntaxBody(f)) {
			return true
		}
	}
	return false
}

// syntaxBody returns the body of the declaration or literal of f, or nil.
func syntaxBody(f *ssa.Function) *ast.BlockStmt {
	switch n := f.Syntax().(type) {
	case *ast.FuncDecl:
		return n.Body
	case *ast.FuncLit:
		return n.Body
	}
	return nil
}

// kafkaCommits are the offset commits and acks that must follow the unit.
var kafkaCommits = apis.KafkaCommits()

// maxFailureBlocks bounds the search along a failure path.
const maxFailureBlocks = 64

// failureCommitsOffset reports whether, when the call at instr fails (its
// error is not nil, or is ignored), the function goes on to commit an
// offset: a batch that dead-letters a failed message and commits, a loop
// that logs and continues. Then a cancelled unit counts as handled, the
// redelivery never comes, and the unit is not made safe by its claim.
func (s *state) failureCommitsOffset(instr ssa.CallInstruction) bool {
	call, ok := instr.(*ssa.Call)
	if !ok {
		return true // go or defer: nobody waits for the outcome
	}
	starts, returned := failureStarts(call)
	if returned {
		return false // the caller decides, with the error in hand
	}
	if starts == nil {
		starts = []*ssa.BasicBlock{call.Block()} // the error is ignored: whatever follows
	}
	seen := map[*ssa.BasicBlock]bool{}
	work := starts
	for len(work) > 0 && len(seen) < maxFailureBlocks {
		b := work[len(work)-1]
		work = work[:len(work)-1]
		if b == nil || seen[b] {
			continue
		}
		seen[b] = true
		for _, in := range b.Instrs {
			ci, ok := in.(ssa.CallInstruction)
			if !ok {
				continue
			}
			if obj := calleeObj(ci.Common()); obj != nil && kafkaCommits.Match(obj) {
				return true
			}
		}
		if len(b.Instrs) > 0 {
			switch b.Instrs[len(b.Instrs)-1].(type) {
			case *ssa.Return, *ssa.Panic:
				continue
			}
		}
		work = append(work, b.Succs...)
	}
	return false
}

// failureStarts returns the blocks entered when call's error is not nil,
// or nil when the error is not tested against nil; returned reports that
// the error is returned as it is.
func failureStarts(call *ssa.Call) (starts []*ssa.BasicBlock, returned bool) {
	res := call.Call.Signature().Results()
	if res.Len() == 0 {
		return nil, false
	}
	var errv ssa.Value = call
	if res.Len() > 1 {
		errv = nil
		for _, ref := range refsOf(call) {
			if ex, ok := ref.(*ssa.Extract); ok && ex.Index == res.Len()-1 {
				errv = ex
			}
		}
	}
	if errv == nil {
		return nil, false
	}
	var out []*ssa.BasicBlock
	for _, ref := range refsOf(errv) {
		if _, ok := ref.(*ssa.Return); ok {
			returned = true
		}
		cmp, ok := ref.(*ssa.BinOp)
		if !ok || !isNil(cmp.X) && !isNil(cmp.Y) {
			continue
		}
		for _, use := range refsOf(cmp) {
			iff, ok := use.(*ssa.If)
			if !ok || len(iff.Block().Succs) != 2 {
				continue
			}
			switch cmp.Op {
			case token.NEQ:
				out = append(out, iff.Block().Succs[0])
			case token.EQL:
				out = append(out, iff.Block().Succs[1])
			}
		}
	}
	return out, returned
}
