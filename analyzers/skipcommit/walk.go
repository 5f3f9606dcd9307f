package skipcommit

import (
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/apis"
	"github.com/idemlint/idemlint/internal/consume"
)

// What a failure path reaches that passes over the failed message.
type kind int

const (
	movesOn     kind = iota // the next message of a loop whose commits are cumulative
	commits                 // a commit, mark or ack of the message
	returns                 // a per-message function returns without an error; its commit of the next message passes it
	watermil                // a watermill handler returns nil: the router acks
	returnsNil              // a handler returns nil to a caller that then commits or acks the message
	returnsVoid             // a handler without results returns to a caller that then commits or acks the message
	drops                   // an amqp reject without requeue and no dead-letter exchange in sight
	handedNil               // a handler returns nil to the consume loop it is handed to, which then commits the message
	handedVoid              // a handler without results returns to the consume loop it is handed to, which then commits the message
)

// A finding is a failure path that passes over the message.
type finding struct {
	kind   kind
	at     ssa.Instruction // what the path reaches
	commit string          // the commit that passes the message
	where  token.Pos       // the commit's position
	last   token.Pos       // the last position on the path in the failure branch
	test   token.Pos       // the failure test
}

// An end is how a failure path ends without passing over the message.
type end int

const (
	goesOn   end = iota // the path goes on
	comes               // the message comes back: a stop, a redelivery, an error returned
	disposes            // the message is disposed of: a checked dead letter, Term, a reject to a dead-letter exchange
)

// step classifies one instruction on a failure path: a finding, or the
// end of the path.
func (a *checker) step(s *funcState, h *ssa.Call, instr ssa.Instruction, inLoops []*loop) (*finding, end) {
	if via := s.commits[instr]; via != "" && !a.marksOnly(instr) {
		if a.copiesFirst(instr) {
			return nil, disposes // a helper that acks after a copy to a retry queue (copyfirst.go)
		}
		return &finding{kind: commits, commit: via, where: instr.Pos()}, goesOn
	}
	switch x := instr.(type) {
	case *ssa.Panic:
		return nil, comes
	case *ssa.Return:
		if len(inLoops) > 0 {
			return nil, comes // the loop stops
		}
		if f := a.returnFinding(s, x); f != nil {
			return f, comes
		}
		return nil, comes
	case *ssa.Call:
		obj, _ := consume.CalleeOf(&x.Call)
		lib := a.LibOf(obj)
		if apis.IsRedelivery(lib) {
			return nil, comes
		}
		if apis.IsTermination(lib) {
			return nil, disposes
		}
		if i := apis.RejectRequeueArg(lib); i >= 0 {
			if !x.Call.IsInvoke() && obj.Signature().Recv() != nil {
				i++ // a static method call passes the receiver first
			}
			if i < len(x.Call.Args) && isFalse(x.Call.Args[i]) {
				if !a.deadLetterInSight() {
					return &finding{kind: drops, commit: a.Name(lib), where: x.Pos()}, comes
				}
				return nil, disposes
			}
			return nil, comes
		}
		if a.handlerVia(&x.Call) != "" && consume.UsesDerived(x, s.d) && (errorChecked(x) || a.flagChecked(x)) {
			return nil, disposes // a dead letter, or the failure recorded, and checked
		}
	}
	for _, l := range inLoops {
		if !l.body[instr.Block()] {
			continue
		}
		if _, ok := a.source(instr, s.d); !ok {
			continue
		}
		if via, where := a.loopCommit(s, inLoops[0], h.Pos()); via != "" {
			return &finding{kind: movesOn, commit: via, where: where}, comes
		}
		return nil, comes // nothing commits past it
	}
	return nil, goesOn
}

// returnFinding judges a return from a function that handles one message
// (no message loop round the failed call): a watermill handler returning
// nil is acked; a function that commits its Kafka message on success and
// returns without an error on failure leaves the message behind the next
// message's commit.
func (a *checker) returnFinding(s *funcState, ret *ssa.Return) *finding {
	if s.fn.Synthetic == rangeFuncBody {
		return nil // the body of a range-over-func loop: its returns are the loop's continue, break and return
	}
	sig := s.fn.Signature
	res := sig.Results()
	if res.Len() > 0 && types.Identical(res.At(res.Len()-1).Type(), types.Universe.Lookup("error").Type()) {
		if len(ret.Results) == 0 || !isNil(ret.Results[len(ret.Results)-1]) {
			return nil // the error goes back: the caller or framework retries
		}
		if isWatermillHandler(sig) {
			return &finding{kind: watermil, commit: "the watermill router's Ack", where: ret.Pos()}
		}
		if len(s.commits) == 0 {
			if c, via := a.callerCommit(s.fn); c != nil {
				return &finding{kind: returnsNil, commit: via, where: c.Pos()}
			}
			if c, via := a.handedLoop(s.fn); c != nil {
				return &finding{kind: handedNil, commit: via, where: c.Pos()}
			}
		}
	}
	if res.Len() == 0 && len(s.commits) == 0 {
		// A handler without results cannot tell its caller that it
		// failed: a caller that commits or acks after it returns passes
		// over the failure.
		if c, via := a.callerCommit(s.fn); c != nil {
			return &finding{kind: returnsVoid, commit: via, where: c.Pos()}
		}
		if c, via := a.handedLoop(s.fn); c != nil {
			return &finding{kind: handedVoid, commit: via, where: c.Pos()}
		}
	}
	if !s.kafka {
		return nil // a broker delivery left unacked is delivered again
	}
	var first ssa.Instruction
	for c := range s.commits {
		if first == nil || c.Pos() < first.Pos() {
			first = c
		}
	}
	if first == nil {
		return nil // nothing here commits the next message
	}
	return &finding{kind: returns, commit: s.commits[first], where: first.Pos()}
}

// isWatermillHandler reports whether sig is a watermill handler's:
// func(*message.Message) error or func(*message.Message) ([]*message.Message, error).
func isWatermillHandler(sig *types.Signature) bool {
	return sig.Params().Len() == 1 && apis.IsWatermillMessage(sig.Params().At(0).Type()) && sig.Results().Len() >= 1 && sig.Results().Len() <= 2
}

// loopCommit names what commits past a message the outermost message loop
// passes over: a commit in its body (Kafka's are cumulative per
// partition), kafka-go's ReadMessage on a group reader, or franz-go's
// autocommit at the next poll.
func (a *checker) loopCommit(s *funcState, l *loop, after token.Pos) (string, token.Pos) {
	if !l.kafka {
		return "", token.NoPos // broker deliveries are acked one by one
	}
	var best ssa.Instruction // the first commit after the failed call, else the first
	for c := range s.commits {
		if !l.body[c.Block()] {
			continue
		}
		if best == nil || (c.Pos() > after) != (best.Pos() > after) && c.Pos() > after || (c.Pos() > after) == (best.Pos() > after) && c.Pos() < best.Pos() {
			best = c
		}
	}
	if best != nil {
		return s.commits[best], best.Pos()
	}
	for _, src := range l.sources {
		call, ok := src.(*ssa.Call)
		if !ok {
			continue
		}
		obj, _ := consume.CalleeOf(&call.Call)
		lib := a.LibOf(obj)
		switch {
		case apis.IsFranzPoll(lib) && !a.FranzAutoCommitOff():
			return "franz-go's autocommit at the next " + a.Name(lib), call.Pos()
		case apis.KafkaAutoCommitReads().Match(lib) && a.readerCommits(call):
			return a.Name(lib) + " (the group reader commits as it reads)", call.Pos()
		}
	}
	return "", token.NoPos
}

// readerCommits reports whether kafka-go's ReadMessage commits: its reader
// has a GroupID here or in the package's ReaderConfigs.
func (a *checker) readerCommits(call *ssa.Call) bool {
	if len(call.Call.Args) == 0 {
		return false
	}
	switch a.LocalGroupID(call.Call.Args[0]) {
	case consume.Yes:
		return true
	case consume.No:
		return false
	}
	return a.PkgGroupID().WithGroup
}

// errorChecked reports whether a call's error result is tested against
// nil or returned.
func errorChecked(call *ssa.Call) bool {
	errv := consume.ErrorResult(call)
	if errv == nil || errv.Referrers() == nil {
		return false
	}
	for v := range errorValues(call) {
		for _, ref := range *v.Referrers() {
			switch r := ref.(type) {
			case *ssa.BinOp:
				if isNil(r.X) || isNil(r.Y) {
					return true
				}
			case *ssa.Return:
				return true
			}
		}
	}
	return false
}

func isFalse(v ssa.Value) bool {
	c, ok := v.(*ssa.Const)
	return ok && c.Value != nil && c.Value.Kind() == constant.Bool && !constant.BoolVal(c.Value)
}

// lastPos returns the position of the last instruction with one on the
// path from fail to instr, among the blocks of the failure branch (those
// fail dominates): where the code moves on.
func lastPos(fail, b *ssa.BasicBlock, instr ssa.Instruction, parent map[*ssa.BasicBlock]*ssa.BasicBlock) token.Pos {
	for cur, upto := b, instr; cur != nil; cur, upto = parent[cur], nil {
		if !fail.Dominates(cur) {
			continue
		}
		var p token.Pos
		for _, i := range cur.Instrs {
			if i == upto {
				break
			}
			if i.Pos().IsValid() {
				p = i.Pos()
			}
		}
		if p.IsValid() {
			return p
		}
	}
	return token.NoPos
}

// classifies reports whether a branch condition is computed by a call
// from the failed call's error (reason := classify(err); isRetryable(err);
// strings.Contains(err.Error(), ...)): the code decides per kind of error,
// an explicit policy rather than a failure passed over.
func classifies(v ssa.Value, errs map[ssa.Value]bool, depth int) bool {
	if depth > 4 || v == nil {
		return false
	}
	switch x := v.(type) {
	case *ssa.BinOp:
		return classifies(x.X, errs, depth+1) || classifies(x.Y, errs, depth+1)
	case *ssa.UnOp:
		return classifies(x.X, errs, depth+1)
	case *ssa.Extract:
		return classifies(x.Tuple, errs, depth+1)
	case *ssa.Call:
		if x.Call.IsInvoke() && errs[x.Call.Value] {
			return true // err.Error(), a method of the error
		}
		for _, arg := range x.Call.Args {
			if errs[arg] {
				return true
			}
			if mi, ok := arg.(*ssa.MakeInterface); ok && errs[mi.X] {
				return true
			}
		}
		for _, arg := range x.Call.Args {
			if classifies(arg, errs, depth+1) {
				return true
			}
		}
	}
	return false
}

// rangeFuncBody is how go/ssa marks the body of a range-over-func loop,
// built as a function the iterator calls.
const rangeFuncBody = "range-over-func yield"

// marksOnly reports whether a commit commits only what was marked or
// stored before (CommitMarkedOffsets): a failed message left unmarked is
// not committed by it.
func (a *checker) marksOnly(instr ssa.Instruction) bool {
	call, ok := instr.(*ssa.Call)
	if !ok {
		return false
	}
	obj, _ := consume.CalleeOf(&call.Call)
	return apis.IsMarksCommit(a.LibOf(obj))
}
