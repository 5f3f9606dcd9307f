package offsetorder

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/apis"
	"github.com/idemlint/idemlint/internal/consume"
	"github.com/idemlint/idemlint/internal/report"
)

// Workers that share one group reader. A loop starts goroutines and hands
// each the same kafka-go group *Reader (go worker(ctx, r, wg, i)): the
// messages of one partition are spread over the workers, and
// CommitMessages is cumulative per partition, so a worker that finishes
// offset 11 commits past offset 10, which a sibling is still handling or
// failed. A SIGTERM (or that failure) then loses offset 10 for good.
//
// Reported at the go statement when the reader is created outside the
// loop (one reader for all workers), is not known to be a reader without
// a group (a partition reader commits nothing), and the goroutine's
// function commits offsets, or is a function value whose signature takes
// the reader (a worker handed over as a parameter or method value: a
// worker given a group reader fetches and commits from it).
//
// Left alone: a reader created in the loop (one group member per worker,
// which kafka-go assigns partitions to), a reader without GroupID, a
// goroutine whose known function does not commit, a single goroutine.

// checkSharedReaders reports the go statements of fn that start workers
// on one shared group reader.
func (a *checker) checkSharedReaders(fn *ssa.Function) {
	var loops *cycles
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			g, ok := instr.(*ssa.Go)
			if !ok {
				continue
			}
			if loops == nil {
				loops = newCycles(fn)
			}
			if !loops.inCycle(b) {
				continue
			}
			for _, arg := range g.Call.Args {
				if !isKafkaReader(arg.Type()) {
					continue
				}
				arg = stored(arg)
				if loops.definedIn(arg, b) {
					continue
				}
				if a.readerGroup(arg) == consume.No || !a.workerCommits(&g.Call) {
					continue
				}
				a.r.Report(a.RangeOf(g),
					"workers share one group reader: each goroutine fetches and commits on it, and CommitMessages is cumulative per partition, so a worker commits past a sibling's unfinished or failed message, which a SIGTERM or that failure loses; give each worker its own reader in the group, or fetch in one goroutine and commit each partition in order",
					report.Category("shared-reader"))
				break
			}
		}
	}
}

// stored sees through the load of a local that a closure captures (the
// reader a deferred r.Close() shares lives in a heap cell): the value is
// the one stored in the cell when it is stored once.
func stored(v ssa.Value) ssa.Value {
	load, ok := v.(*ssa.UnOp)
	if !ok || load.Op != token.MUL {
		return v
	}
	cell, ok := load.X.(*ssa.Alloc)
	if !ok || cell.Referrers() == nil {
		return v
	}
	var val ssa.Value
	for _, ref := range *cell.Referrers() {
		if st, ok := ref.(*ssa.Store); ok && st.Addr == cell {
			if val != nil {
				return v // stored more than once
			}
			val = st.Val
		}
	}
	if val == nil {
		return v
	}
	return val
}

// isKafkaReader reports whether t is kafka-go's *Reader.
func isKafkaReader(t types.Type) bool {
	p, ok := t.(*types.Pointer)
	if !ok {
		return false
	}
	named, ok := types.Unalias(p.Elem()).(*types.Named)
	return ok && named.Obj().Pkg() != nil && named.Obj().Name() == "Reader" &&
		apis.NormPath(named.Obj().Pkg().Path()) == "github.com/segmentio/kafka-go"
}

// readerGroup answers whether the reader has a GroupID: made here by
// kafka.NewReader, or returned by a function of the package that makes
// it (c.GetNewKafkaReader(...)).
func (a *checker) readerGroup(v ssa.Value) consume.Tri {
	if t := a.LocalGroupID(v); t != consume.Unknown {
		return t
	}
	call, ok := v.(*ssa.Call)
	if !ok {
		return consume.Unknown
	}
	callee := call.Call.StaticCallee()
	if callee == nil || callee.Pkg == nil || callee.Pkg.Pkg != a.Pass.Pkg {
		return consume.Unknown
	}
	out := consume.Unknown
	for _, b := range callee.Blocks {
		if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok && len(ret.Results) == 1 {
			switch a.LocalGroupID(ret.Results[0]) {
			case consume.No:
				return consume.No
			case consume.Yes:
				out = consume.Yes
			}
		}
	}
	return out
}

// workerCommits reports whether the goroutine started by call may commit
// offsets on the reader: its function commits (a summary or a fact), or it is
// a function value (a parameter, a method value) whose signature takes
// the reader.
func (a *checker) workerCommits(call *ssa.CallCommon) bool {
	if call.IsInvoke() {
		return true // an interface method given the reader
	}
	if a.CommitVia(call) != "" {
		return true
	}
	switch call.Value.(type) {
	case *ssa.Function:
		return false // a known function that does not commit
	}
	return true // a function value handed the reader: a worker
}

// cycles answers loop questions about one function's blocks.
type cycles struct {
	reach map[*ssa.BasicBlock]map[*ssa.BasicBlock]bool
}

func newCycles(fn *ssa.Function) *cycles {
	c := &cycles{reach: make(map[*ssa.BasicBlock]map[*ssa.BasicBlock]bool, len(fn.Blocks))}
	for _, b := range fn.Blocks {
		seen := make(map[*ssa.BasicBlock]bool)
		stack := append([]*ssa.BasicBlock{}, b.Succs...)
		for len(stack) > 0 {
			x := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if seen[x] {
				continue
			}
			seen[x] = true
			stack = append(stack, x.Succs...)
		}
		c.reach[b] = seen
	}
	return c
}

// inCycle reports whether b lies on a loop.
func (c *cycles) inCycle(b *ssa.BasicBlock) bool { return c.reach[b][b] }

// definedIn reports whether v is computed on a loop through b (a fresh
// value each iteration).
func (c *cycles) definedIn(v ssa.Value, b *ssa.BasicBlock) bool {
	instr, ok := v.(ssa.Instruction)
	if !ok || instr.Block() == nil {
		return false // a parameter, a free variable, a global, a constant
	}
	d := instr.Block()
	return d == b || c.reach[d][b] && c.reach[b][d]
}
