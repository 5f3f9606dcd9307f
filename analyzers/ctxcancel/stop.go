package ctxcancel

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/apis"
)

// findStopSignals marks the contexts the package ties to shutdown: a
// context whose Done (or Err) a loop treats as its stop signal, and a
// WithCancel context cancelled after a receive from a signal.Notify channel.
func (s *state) findStopSignals() {
	sigChans := make(map[ssa.Value]bool)
	for _, fn := range s.ssa.SrcFuncs {
		eachCall(fn, func(instr ssa.CallInstruction) {
			d := apis.Describe(calleeObj(instr.Common()))
			if d.Path == "os/signal" && d.Name == "Notify" && len(instr.Common().Args) > 0 {
				sigChans[s.norm(instr.Common().Args[0])] = true
			}
		})
	}
	for _, fn := range s.ssa.SrcFuncs {
		var sigRecvs []ssa.Instruction
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				switch instr := instr.(type) {
				case *ssa.UnOp:
					if instr.Op == token.ARROW && sigChans[s.norm(instr.X)] {
						sigRecvs = append(sigRecvs, instr)
					}
				case *ssa.Select:
					for _, st := range instr.States {
						if st.Dir == types.RecvOnly && sigChans[s.norm(st.Chan)] {
							sigRecvs = append(sigRecvs, instr)
						}
					}
				case *ssa.Call:
					s.checkDoneCall(fn, instr)
				}
			}
		}
		if len(sigRecvs) > 0 {
			s.findSignalCancels(fn, sigRecvs)
		}
	}
	// Origins traced while looking for stop signals did not know them yet.
	clear(s.memo)
	s.detached.Reset()
}

// eachCall calls f for every call instruction of fn (not of its literals).
func eachCall(fn *ssa.Function, f func(ssa.CallInstruction)) {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if c, ok := instr.(ssa.CallInstruction); ok {
				f(c)
			}
		}
	}
}

// norm follows v through closures and conversions to the value it names.
func (s *state) norm(v ssa.Value) ssa.Value {
	for range 8 {
		switch x := v.(type) {
		case *ssa.FreeVar:
			b := s.binding(x)
			if b == nil {
				return v
			}
			v = b
		case *ssa.ChangeType:
			v = x.X
		case *ssa.MakeInterface:
			v = x.X
		case *ssa.UnOp:
			if x.Op != token.MUL {
				return v
			}
			stores := s.loads(x.X, x, 0)
			if len(stores) != 1 {
				return v
			}
			v = stores[0]
		default:
			return v
		}
	}
	return v
}

// findSignalCancels marks the WithCancel contexts whose cancel function fn
// calls after one of the signal receives.
func (s *state) findSignalCancels(fn *ssa.Function, recvs []ssa.Instruction) {
	eachCall(fn, func(instr ssa.CallInstruction) {
		common := instr.Common()
		if common.IsInvoke() {
			return
		}
		ext, ok := s.norm(common.Value).(*ssa.Extract)
		if !ok || ext.Index != 1 {
			return
		}
		wc, ok := ext.Tuple.(*ssa.Call)
		if !ok {
			return
		}
		d := apis.Describe(calleeObj(wc.Common()))
		if d.Path != "context" || d.Recv != "" || d.Name != "WithCancel" && d.Name != "WithCancelCause" {
			return
		}
		for _, r := range recvs {
			if precedes(r, instr) {
				s.cancelSig[wc] = stopSignal{pos: common.Pos(), what: "cancel after signal.Notify"}
				return
			}
		}
	})
}

// precedes reports whether a runs before b on every path to b.
func precedes(a, b ssa.Instruction) bool {
	ab, bb := a.Block(), b.Block()
	if ab == nil || bb == nil {
		return false
	}
	if ab != bb {
		return ab.Dominates(bb)
	}
	for _, instr := range ab.Instrs {
		if instr == a {
			return true
		}
		if instr == b {
			return false
		}
	}
	return false
}

// checkDoneCall marks ctx when call is ctx.Done() or ctx.Err() and a loop
// of fn stops on it: `case <-ctx.Done(): return`, `for ctx.Err() == nil`.
func (s *state) checkDoneCall(fn *ssa.Function, call *ssa.Call) {
	common := call.Common()
	if !common.IsInvoke() {
		return
	}
	d := apis.Describe(common.Method)
	if d.Path != "context" || d.Recv != "Context" {
		return
	}
	blk := call.Block()
	if blk == nil || !s.inLoop(fn, blk) {
		return
	}
	refs := call.Referrers()
	if refs == nil {
		return
	}
	stops := false
	switch d.Name {
	case "Done":
		for _, ref := range *refs {
			sel, ok := ref.(*ssa.Select)
			if !ok {
				continue
			}
			for k, st := range sel.States {
				if st.Chan == call && s.stopsLoop(fn, blk, caseBlock(sel, k)) {
					stops = true
				}
			}
		}
	case "Err":
		for _, ref := range *refs {
			test, stopOnTrue := errTest(ref)
			if test == nil {
				continue
			}
			for _, r2 := range refsOf(test) {
				if iff, ok := r2.(*ssa.If); ok && len(iff.Block().Succs) == 2 {
					stop := iff.Block().Succs[0]
					if !stopOnTrue {
						stop = iff.Block().Succs[1]
					}
					if s.stopsLoop(fn, blk, stop) {
						stops = true
					}
				}
			}
		}
	}
	if !stops || s.deadlineOnly(common.Value) {
		return
	}
	what := "ctx." + d.Name + "()"
	switch local, roots := s.stopRoots(common.Value); {
	case local:
		s.markStop(common.Value, stopSignal{pos: common.Pos(), what: what})
	case len(roots) > 0:
		s.deferStop(roots, s.stopHere(fn, common.Pos(), what))
	}
}

// errTest returns the boolean value that tests a use ref of ctx.Err() for
// "the context has ended" and whether true means ended: `ctx.Err() != nil`,
// `ctx.Err() == nil`, `ctx.Err() == context.Canceled` and
// `errors.Is(ctx.Err(), context.Canceled)`.
func errTest(ref ssa.Instruction) (ssa.Value, bool) {
	switch x := ref.(type) {
	case *ssa.BinOp:
		if x.Op != token.EQL && x.Op != token.NEQ {
			return nil, false
		}
		if isNil(x.X) || isNil(x.Y) {
			return x, x.Op == token.NEQ
		}
		if isCtxErrVar(x.X) || isCtxErrVar(x.Y) {
			return x, x.Op == token.EQL
		}
	case *ssa.Call:
		d := apis.Describe(calleeObj(x.Common()))
		args := x.Common().Args
		if d.Path == "errors" && d.Recv == "" && d.Name == "Is" && len(args) == 2 && isCtxErrVar(args[1]) {
			return x, true
		}
	}
	return nil, false
}

// isCtxErrVar reports whether v is a load of context.Canceled (a loop that
// stops on DeadlineExceeded stops on a timeout, not on shutdown).
func isCtxErrVar(v ssa.Value) bool {
	u, ok := v.(*ssa.UnOp)
	if !ok || u.Op != token.MUL {
		return false
	}
	g, ok := u.X.(*ssa.Global)
	return ok && g.Pkg != nil && g.Pkg.Pkg.Path() == "context" && g.Name() == "Canceled"
}

func refsOf(v ssa.Value) []ssa.Instruction {
	if r := v.Referrers(); r != nil {
		return *r
	}
	return nil
}

func isNil(v ssa.Value) bool {
	c, ok := v.(*ssa.Const)
	return ok && c.Value == nil
}

// caseBlock returns the block that runs case k of sel, or nil.
func caseBlock(sel *ssa.Select, k int) *ssa.BasicBlock {
	for _, ref := range refsOf(sel) {
		ext, ok := ref.(*ssa.Extract)
		if !ok || ext.Index != 0 {
			continue
		}
		for _, r2 := range refsOf(ext) {
			cmp, ok := r2.(*ssa.BinOp)
			if !ok || cmp.Op != token.EQL {
				continue
			}
			c, ok := cmp.Y.(*ssa.Const)
			if !ok || c.Value == nil || c.Int64() != int64(k) {
				continue
			}
			for _, r3 := range refsOf(cmp) {
				if iff, ok := r3.(*ssa.If); ok && len(iff.Block().Succs) == 2 {
					return iff.Block().Succs[0]
				}
			}
		}
	}
	return nil
}

// stopsLoop reports whether the branch starting at start leaves the loop
// of blk and ends the function without an error: a graceful stop, not an
// abort of a retry (`return ctx.Err()`).
func (s *state) stopsLoop(fn *ssa.Function, blk, start *ssa.BasicBlock) bool {
	if start == nil {
		return false
	}
	scc := s.scc(fn)
	loop := scc[blk.Index]
	seen := map[*ssa.BasicBlock]bool{}
	work := []*ssa.BasicBlock{start}
	for len(work) > 0 {
		b := work[len(work)-1]
		work = work[:len(work)-1]
		if seen[b] {
			continue
		}
		seen[b] = true
		if len(seen) > 32 || scc[b.Index] == loop {
			return false // back into the loop, or too far to tell
		}
		if len(b.Instrs) == 0 {
			continue
		}
		switch t := b.Instrs[len(b.Instrs)-1].(type) {
		case *ssa.Return:
			for _, r := range t.Results {
				if !constResult(t, r) {
					return false
				}
			}
		case *ssa.Panic:
		default:
			work = append(work, b.Succs...)
		}
	}
	return true
}

// constResult reports whether r, a result of ret, is a constant: itself,
// or, in a function with defers, the load of the result variable that
// its block last stored a constant to (return nil: *t0 = nil; rundefers;
// return *t0).
func constResult(ret *ssa.Return, r ssa.Value) bool {
	if _, ok := r.(*ssa.Const); ok {
		return true
	}
	load, ok := r.(*ssa.UnOp)
	if !ok || load.Op != token.MUL || load.Block() != ret.Block() {
		return false
	}
	if _, local := load.X.(*ssa.Alloc); !local {
		return false
	}
	instrs := ret.Block().Instrs
	for i := len(instrs) - 1; i >= 0; i-- {
		if st, ok := instrs[i].(*ssa.Store); ok && st.Addr == load.X {
			_, c := st.Val.(*ssa.Const)
			return c
		}
	}
	return false
}

// deadlineOnly reports whether ctx is detached, carries its own deadline or
// belongs to a request or a test: a loop that stops on its Done stops on a
// timeout or at the end of the request, not on shutdown.
func (s *state) deadlineOnly(ctx ssa.Value) bool {
	os := s.origins(ctx)
	for _, o := range os {
		if o.kind != oDetached && o.kind != oScoped && !o.timed {
			return false
		}
	}
	return len(os) > 0
}

// markStop marks ctx, and the contexts of fn it keeps the cancellation of,
// as shutdown signals.
func (s *state) markStop(v ssa.Value, sig stopSignal) {
	for range 32 {
		if _, ok := s.stop[v]; ok {
			return
		}
		s.stop[v] = sig
		var next ssa.Value
		switch x := v.(type) {
		case *ssa.Phi:
			for _, e := range x.Edges {
				s.markStop(e, sig)
			}
		case *ssa.MakeInterface:
			next = x.X
		case *ssa.ChangeInterface:
			next = x.X
		case *ssa.ChangeType:
			next = x.X
		case *ssa.Extract:
			if c, ok := x.Tuple.(*ssa.Call); ok && keepsParent(c, x.Index) {
				next = c.Common().Args[0]
			}
		case *ssa.Call:
			if keepsParent(x, 0) {
				next = x.Common().Args[0]
			}
		case *ssa.UnOp: // a context variable captured by a closure
			if x.Op == token.MUL {
				for _, v := range s.loads(x.X, x, 0) {
					s.markStop(v, sig)
				}
			}
		}
		if next == nil {
			return
		}
		v = next
	}
}

// keepsParent reports whether result idx of call is a context derived from
// its first argument that is cancelled with it.
func keepsParent(call *ssa.Call, idx int) bool {
	d := apis.Describe(calleeObj(call.Common()))
	if len(call.Common().Args) == 0 {
		return false
	}
	switch {
	case d.Path == "context" && d.Recv == "" && idx == 0:
		switch d.Name {
		case "WithTimeout", "WithDeadline", "WithTimeoutCause", "WithDeadlineCause", "WithValue", "WithCancel", "WithCancelCause":
			return true
		}
	case d.Path == "golang.org/x/sync/errgroup" && d.Name == "WithContext" && idx == 1:
		return true
	}
	return false
}

// inLoop reports whether blk lies on a cycle of fn's control flow.
func (s *state) inLoop(fn *ssa.Function, blk *ssa.BasicBlock) bool {
	scc := s.scc(fn)
	id := scc[blk.Index]
	for _, b := range fn.Blocks {
		if b != blk && scc[b.Index] == id {
			return true
		}
	}
	for _, succ := range blk.Succs {
		if succ == blk {
			return true
		}
	}
	return false
}

// scc returns the strongly connected component of each block of fn.
func (s *state) scc(fn *ssa.Function) []int {
	if c, ok := s.sccs[fn]; ok {
		return c
	}
	n := len(fn.Blocks)
	comp := make([]int, n)
	index := make([]int, n)
	low := make([]int, n)
	on := make([]bool, n)
	for i := range index {
		index[i] = -1
	}
	var stack []int
	next, ncomp := 0, 0
	var visit func(v int)
	visit = func(v int) {
		index[v], low[v] = next, next
		next++
		stack = append(stack, v)
		on[v] = true
		for _, succ := range fn.Blocks[v].Succs {
			w := succ.Index
			if w < 0 || w >= n {
				continue
			}
			if index[w] < 0 {
				visit(w)
				low[v] = min(low[v], low[w])
			} else if on[w] {
				low[v] = min(low[v], index[w])
			}
		}
		if low[v] == index[v] {
			for {
				w := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				on[w] = false
				comp[w] = ncomp
				if w == v {
					break
				}
			}
			ncomp++
		}
	}
	for v := range n {
		if index[v] < 0 {
			visit(v)
		}
	}
	s.sccs[fn] = comp
	return comp
}
