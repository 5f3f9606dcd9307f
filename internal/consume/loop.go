package consume

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/apis"
)

// IsFetch reports whether an instruction starts a new message: a call that
// fetches from the broker, or a receive from a channel of messages.
func (a *Checker) IsFetch(instr ssa.Instruction) bool {
	switch instr := instr.(type) {
	case *ssa.Call:
		obj, _ := CalleeOf(&instr.Call)
		return obj != nil && fetches.Match(a.LibOf(obj))
	case *ssa.UnOp:
		return instr.Op == token.ARROW && a.IsMessageChan(instr.X)
	case *ssa.Select:
		for _, st := range instr.States {
			if st.Dir == types.RecvOnly && a.IsMessageChan(st.Chan) {
				return true
			}
		}
	}
	return false
}

// IsMessageChan reports whether a channel delivers consumed messages (a
// sarama claim's Messages(), or a channel passed in): a receive from it
// starts the next message, it does not wait for a worker.
func (a *Checker) IsMessageChan(ch ssa.Value) bool {
	switch ch := ch.(type) {
	case *ssa.Call:
		obj, _ := CalleeOf(&ch.Call)
		return obj != nil && a.receives.Match(a.LibOf(obj))
	case *ssa.Parameter, *ssa.FreeVar:
		return apis.IsKafkaMessageType(ch.Type())
	}
	return false
}

// Search looks, from the instruction after from, along every path of the
// CFG for an instruction for which found holds, and returns the nearest. A
// path ends at an instruction for which stop holds and, unless loops is
// set, where it would go round a loop (a new iteration is a new message).
func Search(from ssa.Instruction, loops bool, found, stop func(ssa.Instruction) bool) ssa.Instruction {
	b := from.Block()
	if b == nil {
		return nil
	}
	idx := -1
	for i, instr := range b.Instrs {
		if instr == from {
			idx = i
			break
		}
	}
	if idx < 0 {
		return nil
	}
	scan := func(instrs []ssa.Instruction) (ssa.Instruction, bool) {
		for _, instr := range instrs {
			if found(instr) {
				return instr, true
			}
			if stop != nil && stop(instr) {
				return nil, true
			}
		}
		return nil, false
	}
	if hit, done := scan(b.Instrs[idx+1:]); done {
		return hit
	}
	seen := map[*ssa.BasicBlock]bool{}
	queue := []*ssa.BasicBlock{b}
	for len(queue) > 0 {
		cur := queue[0]
		queue = queue[1:]
		for _, succ := range cur.Succs {
			if seen[succ] || !loops && succ.Dominates(cur) {
				continue
			}
			seen[succ] = true
			hit, done := scan(succ.Instrs)
			if hit != nil {
				return hit
			}
			if !done {
				queue = append(queue, succ)
			}
		}
	}
	return nil
}

var fetches = apis.KafkaFetches()
