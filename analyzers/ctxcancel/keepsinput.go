package ctxcancel

import (
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/calls"
)

// A dead letter whose failure keeps the input: a consume loop hands its
// shutdown context to the publish it makes when the message's handling
// failed (only on the failure branch of another call), but checks the
// outcome. The failed publish is handed up — its error returned, or a
// false result — and the loop, on that failure, commits no offset before
// it stops: it returns, reaches its stop signal, or asks for its next
// message, which the cancelled context fails. A cut then leaves the
// message uncommitted and the restart redelivers it: the dead letter is
// written twice at worst, a second record of the same failure, never
// lost. A publish that is the message's own work (a forward, a DLQ
// republisher's resend) stays reported: a copy that landed before the cut
// is sent again, and its consumers act on each copy. The cursor is the
// consumed message's offset, which the loop must commit on another path
// (an outbox relay's "sent" mark is a transaction, not an offset: its
// publish stays reported). A failure that is only logged, or a loop that
// commits past it, is reported.

// failMode says how a function hands a failure up to its caller.
type failMode int

const (
	failNone  failMode = iota // it does not
	failErr                   // its error result is not nil
	failFalse                 // its bool result is false
)

// cutKeepsInput reports whether a publish cut on shutdown leaves the
// input uncommitted: path holds the calls from the function with the stop
// signal (sig, the position of its stop check) down to the library
// publish, one per function. The failure is handed up the calls to the
// first function that commits offsets (the consume loop), where it must
// stop the loop before a commit.
func (s *state) cutKeepsInput(path []ssa.CallInstruction, sig token.Pos) bool {
	mode := failErr
	for i := len(path) - 1; i >= 0; i-- {
		call, ok := path[i].(*ssa.Call)
		if !ok {
			return false // go or defer: nobody sees the failure
		}
		if s.commitsOffset(call.Parent()) {
			if !afterFailedHandling(call) {
				return false // the message's own work: its consumers act on each copy
			}
			starts, returned := failureBlocks(call, mode)
			if returned {
				return true // the loop ends with the failure
			}
			return starts != nil && !s.commitsBeforeStop(starts, sig)
		}
		if mode = s.handedUp(call, mode); mode == failNone {
			return false
		}
	}
	return false // no offset to keep: not a consumer
}

// handedUp returns how the function making call hands call's failure
// (of mode) to its own caller, failNone when it does not: the failure is
// ignored, an offset is committed on its way, or a return on it does not
// say failure.
func (s *state) handedUp(call *ssa.Call, mode failMode) failMode {
	starts, returned := failureBlocks(call, mode)
	if returned {
		return mode
	}
	if starts == nil {
		return failNone
	}
	fn := call.Parent()
	res := fn.Signature.Results()
	if res.Len() == 0 {
		return failNone
	}
	last := res.At(res.Len() - 1).Type()
	out := failNone
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
			if ci, ok := in.(ssa.CallInstruction); ok && s.commits(ci) {
				return failNone
			}
		}
		if len(b.Instrs) == 0 {
			continue
		}
		switch t := b.Instrs[len(b.Instrs)-1].(type) {
		case *ssa.Return:
			m := returnMode(t.Results[len(t.Results)-1], last)
			if m == failNone || out != failNone && m != out {
				return failNone
			}
			out = m
			continue
		case *ssa.Panic:
			continue
		}
		work = append(work, b.Succs...)
	}
	if len(work) > 0 {
		return failNone // not followed to its end
	}
	return out
}

// returnMode says what returning v as the last result of type t tells the
// caller: failErr for an error that is not nil, failFalse for false.
func returnMode(v ssa.Value, t types.Type) failMode {
	c, isConst := v.(*ssa.Const)
	switch {
	case types.Identical(t, errorType):
		if isConst && c.Value == nil {
			return failNone
		}
		return failErr
	case types.Identical(t.Underlying(), types.Typ[types.Bool]):
		if isConst && c.Value != nil && !constant.BoolVal(c.Value) {
			return failFalse
		}
	}
	return failNone
}

// failureBlocks returns the blocks entered when call fails by mode, and
// whether the failure is returned as it is.
func failureBlocks(call *ssa.Call, mode failMode) ([]*ssa.BasicBlock, bool) {
	if mode == failErr {
		return failureStarts(call)
	}
	res := call.Call.Signature().Results()
	if res.Len() != 1 || !types.Identical(res.At(0).Type().Underlying(), types.Typ[types.Bool]) {
		return nil, false
	}
	var out []*ssa.BasicBlock
	returned := false
	for _, ref := range refsOf(call) {
		switch r := ref.(type) {
		case *ssa.Return:
			returned = true
		case *ssa.If:
			out = append(out, r.Block().Succs[1])
		case *ssa.UnOp:
			if r.Op != token.NOT {
				continue
			}
			for _, use := range refsOf(r) {
				if iff, ok := use.(*ssa.If); ok {
					out = append(out, iff.Block().Succs[0])
				}
			}
		}
	}
	return out, returned
}

// commitsBeforeStop reports whether a path from starts commits an offset
// before it returns, reaches the stop check at sig, or asks for the next
// message (with the cancelled context: it fails, and the loop stops).
func (s *state) commitsBeforeStop(starts []*ssa.BasicBlock, sig token.Pos) bool {
	seen := map[*ssa.BasicBlock]bool{}
	work := starts
	for len(work) > 0 {
		if len(seen) >= maxFailureBlocks {
			return true // not followed to its end
		}
		b := work[len(work)-1]
		work = work[:len(work)-1]
		if b == nil || seen[b] {
			continue
		}
		seen[b] = true
		stopped := false
		for _, in := range b.Instrs {
			ci, ok := in.(ssa.CallInstruction)
			if !ok {
				continue
			}
			if s.commits(ci) {
				return true
			}
			if obj := calleeObj(ci.Common()); obj != nil && kafkaReceives.Match(obj) || sig.IsValid() && ci.Common().Pos() == sig {
				stopped = true
				break
			}
		}
		if stopped || len(b.Instrs) == 0 {
			continue
		}
		switch b.Instrs[len(b.Instrs)-1].(type) {
		case *ssa.Return, *ssa.Panic:
			continue
		}
		work = append(work, b.Succs...)
	}
	return false
}

// commits reports whether ci commits an offset or acks a message, itself
// or below (the call layer's Ack effect: a helper, a port).
func (s *state) commits(ci ssa.CallInstruction) bool {
	obj := calleeObj(ci.Common())
	if obj == nil {
		return false
	}
	return kafkaCommits.Match(obj) || s.layer != nil && s.layer.FuncChain(obj, calls.Ack) != nil
}

// commitsOffset reports whether fn (or a literal in it) commits an offset
// somewhere: its input is a consumed message with a cursor.
func (s *state) commitsOffset(fn *ssa.Function) bool {
	found := false
	var visit func(f *ssa.Function)
	visit = func(f *ssa.Function) {
		eachCall(f, func(ci ssa.CallInstruction) {
			found = found || s.commits(ci)
		})
		for _, lit := range f.AnonFuncs {
			visit(lit)
		}
	}
	visit(top(fn))
	return found
}

// afterFailedHandling reports whether call runs only after another call of
// its function failed: its block is dominated by the failure branch of a
// call whose error is tested (if err := handle(m); err != nil { ... }).
func afterFailedHandling(call *ssa.Call) bool {
	for _, b := range call.Parent().Blocks {
		for _, in := range b.Instrs {
			other, ok := in.(*ssa.Call)
			if !ok || other == call {
				continue
			}
			starts, _ := failureStarts(other)
			for _, st := range starts {
				if st != nil && st.Dominates(call.Block()) {
					return true
				}
			}
		}
	}
	return false
}
