package skipcommit

import (
	"golang.org/x/tools/go/ssa"
)

// A branch on a classification of the failed call's error
// (isTerminal(err), classify(err) == "unmarshal") is a policy per kind of
// error only where each side does something with the message. A side is
// judged on its own (walker.from with classified set):
//
//   - a side that commits or acks the message, rejects it, returns nil
//     to a caller that acks, dead-letters it, retries or stops has
//     decided what happens to that kind of error: not reported;
//   - a side that only moves on (continue to the next message, return
//     without an error from a per-message function, return from a
//     handler without results) leaves the message to the next commit.
//     It is a deliberate drop of that kind when the other side brings the
//     message back (retries, stops, returns the error): the
//     classification separates what is retried from what is dropped. It
//     is reported when the other side disposes of the message too (commits
//     a terminal error, dead-letters it) or also moves on: the author
//     meant this kind to come back (kafka-go does not fetch an uncommitted
//     message again), or did not decide at all.

// classified judges the two sides of the classification branch ending
// block b, entered with the facts k.
func (w *walker) classified(b *ssa.BasicBlock, k facts) outcome {
	if w.classifying[b] {
		return outcome{} // round a retry loop back to the same decision
	}
	w.classifying[b] = true
	defer delete(w.classifying, b)
	var sides [2]outcome
	for i, next := range b.Succs {
		sides[i] = w.from(next, k.enter(b, next), true)
	}
	if br, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If); ok {
		for _, f := range sides[0].fs {
			if !f.last.IsValid() {
				f.last = w.a.thenEnd(br.Cond.Pos()) // the true side is a bare continue
			}
		}
	}
	var out outcome
	for i, side := range sides {
		other := sides[1-i]
		if len(side.fs) > 0 && (len(other.fs) > 0 || other.disposed) {
			out.fs = append(out.fs, side.fs...)
		}
	}
	if len(out.fs) == 0 {
		deliberateDrop := len(sides[0].fs) > 0 || len(sides[1].fs) > 0 // the other side brings its kind back
		out.disposed = sides[0].disposed || sides[1].disposed || deliberateDrop
	}
	return out
}

// deliberate reports whether a kind of finding, on a side of a
// classification, is that kind's policy: the code commits, acks or
// rejects the message itself, or returns nil where it could return the
// error (the caller or the router acks).
func deliberate(k kind) bool {
	switch k {
	case commits, drops, returnsNil, watermil, handedNil:
		return true
	}
	return false
}
