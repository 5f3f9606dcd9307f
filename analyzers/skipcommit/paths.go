package skipcommit

import (
	"golang.org/x/tools/go/ssa"
)

// walk searches, from the failure successor fail of handler h, the paths
// of the function for one that passes over the message. A path ends at a
// retry (h again), a redelivery (Nak, a negative ack with requeue, a
// seek), a deliberate end (Term), a call doing work with the message whose
// error is checked (a dead-letter publish, recording the failure), a
// return from a loop, or a panic; where it tests which error it is
// (errors.Is, errors.As), only the branch where it is not that error is
// followed; a branch on a classification of the error is judged side by
// side (classified.go). known holds what the path knows on entering fail
// (a helper's false result).
func (a *checker) walk(s *funcState, h *ssa.Call, errs map[ssa.Value]bool, fail *ssa.BasicBlock, known facts) []*finding {
	w := &walker{a: a, s: s, h: h, errs: errs, fail: fail, inLoops: enclosing(s.loops, h.Block()), classifying: make(map[*ssa.BasicBlock]bool)}
	return w.from(fail, known, false).fs
}

// A walker follows the failure paths of one failure test.
type walker struct {
	a           *checker
	s           *funcState
	h           *ssa.Call
	errs        map[ssa.Value]bool
	fail        *ssa.BasicBlock
	inLoops     []*loop
	classifying map[*ssa.BasicBlock]bool // classification branches being judged (a retry loop comes back to them)
}

// An outcome is what the paths from a block do with the failed message:
// the places where a path passes over it (one finding each: a failure
// branch may move on in several ways, each needing its own fix), or, with
// none, whether one disposes of it deliberately (a commit, an ack, a dead
// letter) rather than bring it back (a retry, a stop, a redelivery).
type outcome struct {
	fs       []*finding
	disposed bool
}

// add records f unless a finding at the same place is recorded (the
// first path found there tells what passes the message).
func (o *outcome) add(f *finding) {
	for _, g := range o.fs {
		if g.last == f.last {
			return
		}
	}
	o.fs = append(o.fs, f)
}

// from follows the paths from start. In a side of a classification
// (classified), reaching a commit or ack, or returning nil to a caller
// that acks, is the policy for that kind of error: it disposes of the
// message rather than pass over it.
func (w *walker) from(start *ssa.BasicBlock, k0 facts, classified bool) outcome {
	parent := map[*ssa.BasicBlock]*ssa.BasicBlock{start: nil}
	known := map[*ssa.BasicBlock]facts{start: k0}
	passes := make(map[*ssa.BasicBlock]*finding) // blocks outside the failure branch that lead to a finding
	queue := []*ssa.BasicBlock{start}
	var out outcome
	found := func(b *ssa.BasicBlock, f *finding) {
		out.add(f)
		for cur := b; cur != nil && !w.fail.Dominates(cur) && passes[cur] == nil; cur = parent[cur] {
			passes[cur] = f // another path into them moves on the same way, from its own place
		}
	}
	for len(queue) > 0 {
		b := queue[0]
		queue = queue[1:]
		stop := false
		for _, instr := range b.Instrs {
			if instr == w.h {
				stop = true // retried
				break
			}
			if call, ok := instr.(*ssa.Call); ok && w.a.isQuery(w.s, call) {
				known[b] = known[b].succeeded(call) // a retry counter read: its value decides, not its success
				continue
			}
			f, end := w.a.step(w.s, w.h, instr, w.inLoops)
			if f != nil {
				f.at = instr
				f.last = lastPos(w.fail, b, instr, parent)
				if classified && deliberate(f.kind) {
					out.disposed = true
				} else {
					found(b, f)
				}
				stop = true
				break
			}
			if end != goesOn {
				out.disposed = out.disposed || end == disposes
				stop = true
				break
			}
		}
		if stop {
			continue
		}
		succs := b.Succs
		if br, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If); ok {
			switch {
			case isErrorsClass(br.Cond, w.errs):
				succs = succs[1:] // not that error
			case classifies(br.Cond, w.errs, 0):
				o := w.classified(b, known[b])
				for _, f := range o.fs {
					out.add(f)
				}
				out.disposed = out.disposed || o.disposed
				continue
			default:
				if v, ok := known[b].eval(br.Cond, w.errs); ok {
					if v {
						succs = succs[:1]
					} else {
						succs = succs[1:]
					}
				}
			}
		}
		for _, next := range succs {
			if _, seen := parent[next]; seen {
				if f := passes[next]; f != nil && next != start {
					g := *f
					g.last = lastPos(w.fail, b, nil, parent)
					out.add(&g)
				}
				continue
			}
			parent[next] = b
			known[next] = known[b].enter(b, next)
			queue = append(queue, next)
		}
	}
	return out
}
