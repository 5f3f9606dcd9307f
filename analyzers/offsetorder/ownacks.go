package offsetorder

import (
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/apis"
	"github.com/idemlint/idemlint/internal/consume"
)

// A helper that reads entries of its own and acks each after handling it
// (the recovery of a Redis stream's pending entries before the read loop:
// XREADGROUP from "0", handle, XACK) commits as it runs, but only the
// entries it read: none of the caller's messages is acked by the call, so
// the caller's later work on its own messages is not overtaken. The
// helper's own order is judged where it is declared.
//
// A call acks only its own reads when it is a function of the package
// given no consumed data by the caller, and each commit of its body names
// an entry the body read itself (derived from a call it makes that returns
// messages, not from a parameter or a field), or is itself such a call.

// maxOwnAckDepth bounds how deep helpers calling helpers are followed.
const maxOwnAckDepth = 3

// acksOwnReads reports whether call c, which commits, commits only what
// its callee reads itself; d is the caller's consumed data.
func (a *checker) acksOwnReads(c *ssa.CallCommon, d map[ssa.Value]bool) bool {
	return a.ownAcks(c, d, 0)
}

func (a *checker) ownAcks(c *ssa.CallCommon, d map[ssa.Value]bool, depth int) bool {
	if depth > maxOwnAckDepth || c.IsInvoke() || d[c.Value] {
		return false
	}
	for _, arg := range c.Args {
		if d[arg] {
			return false // the caller's message handed to the helper
		}
	}
	obj, fn := consume.CalleeOf(c)
	fn = a.LocalFunc(obj, fn)
	if fn == nil || len(fn.Blocks) == 0 {
		return false // another package's helper: its body is not in sight
	}
	own := a.ownReads(fn)
	if len(own) == 0 {
		return false
	}
	commits := 0
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			ci, ok := instr.(ssa.CallInstruction)
			if !ok {
				continue
			}
			if _, isGo := instr.(*ssa.Go); isGo {
				continue // a goroutine's commit is not the helper's (the summaries skip it too)
			}
			cc := ci.Common()
			if a.CommitVia(cc) == "" {
				continue
			}
			commits++
			if !namesAny(cc, own) && !a.ownAcks(cc, own, depth+1) {
				return false
			}
		}
	}
	return commits > 0
}

// ownReads returns the values of fn carrying entries fn reads itself: the
// results of its calls that receive or return consumed messages, and what
// derives from them.
func (a *checker) ownReads(fn *ssa.Function) map[ssa.Value]bool {
	own := make(map[ssa.Value]bool)
	var work []ssa.Value
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(*ssa.Call)
			if !ok {
				continue
			}
			obj, _ := consume.CalleeOf(&call.Call)
			if a.IsReceive(obj) || a.WrapperRead(&call.Call) != "" || returnsMessages(call.Type()) {
				own[call] = true
				work = append(work, call)
			}
		}
	}
	consume.Propagate(own, work)
	return own
}

// returnsMessages reports whether a call's result (or one of its results)
// is a consumed message type (XReadGroup(...).Result(), ReadMessage).
func returnsMessages(t types.Type) bool {
	if tup, ok := t.(*types.Tuple); ok {
		for v := range tup.Variables() {
			if apis.IsKafkaMessageType(v.Type()) {
				return true
			}
		}
		return false
	}
	return apis.IsKafkaMessageType(t)
}

// namesAny reports whether a call is given a value of d (its receiver
// included: m.Ack()).
func namesAny(c *ssa.CallCommon, d map[ssa.Value]bool) bool {
	for _, arg := range c.Args {
		if d[arg] {
			return true
		}
	}
	return false
}
