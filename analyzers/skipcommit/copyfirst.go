package skipcommit

import (
	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/consume"
)

// A retry helper that copies the message first. On a failure the
// consumer often calls a helper of its own that puts a copy of the
// message on a retry or dead-letter queue and then acks (or commits) the
// original. When the helper acks only after the copy succeeded (the
// copy's failure returns, nacks or requeues without reaching the ack),
// the message is not lost: the helper's ack ends the failure path as a
// checked dead letter does. A helper that acks first, or acks whatever
// became of the copy (its error only logged), still loses it.

// copiesFirst reports whether a commit on a failure path is a call of a
// function of the package each of whose commits comes after a call that
// works with the message's data (the copy) on every path, and is reached
// from no failure branch of that call.
func (a *checker) copiesFirst(instr ssa.Instruction) bool {
	call, ok := instr.(*ssa.Call)
	if !ok {
		return false
	}
	obj, fn := consume.CalleeOf(&call.Call)
	f := a.LocalFunc(obj, fn)
	if f == nil || len(f.Blocks) == 0 {
		return false
	}
	d := a.Derived(f)
	var commits, copies []*ssa.Call
	for _, b := range f.Blocks {
		for _, i := range b.Instrs {
			c, ok := i.(*ssa.Call)
			if !ok {
				continue
			}
			if a.CommitVia(&c.Call) != "" {
				commits = append(commits, c)
			} else if a.handlerVia(&c.Call) != "" && consume.UsesDerived(c, d) {
				copies = append(copies, c)
			}
		}
	}
	if len(commits) == 0 {
		return false
	}
	for _, c := range commits {
		if !copiedBefore(c, copies) {
			return false
		}
	}
	return true
}

// copiedBefore reports whether one of copies runs before commit c on
// every path and c is reached from none of its failure branches.
func copiedBefore(c *ssa.Call, copies []*ssa.Call) bool {
	for _, cp := range copies {
		if !runsBefore(cp, c) {
			continue
		}
		errs := errorValues(cp)
		tests := failureTests(errs)
		if len(tests) == 0 {
			continue // its error is not tested: the commit follows whatever became of it
		}
		reached := false
		for _, t := range tests {
			if reaches(t.fail, c.Block()) {
				reached = true
				break
			}
		}
		if !reached {
			return true
		}
	}
	return false
}

// reaches reports whether block to can be reached from block from.
func reaches(from, to *ssa.BasicBlock) bool {
	seen := map[*ssa.BasicBlock]bool{from: true}
	work := []*ssa.BasicBlock{from}
	for len(work) > 0 {
		b := work[len(work)-1]
		work = work[:len(work)-1]
		if b == to {
			return true
		}
		for _, s := range b.Succs {
			if !seen[s] {
				seen[s] = true
				work = append(work, s)
			}
		}
	}
	return false
}
