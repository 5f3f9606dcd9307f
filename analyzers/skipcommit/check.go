package skipcommit

import (
	"go/token"

	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/consume"
)

// funcState is what the rule needs of one function.
type funcState struct {
	fn      *ssa.Function
	d       map[ssa.Value]bool         // values carrying consumed data
	loops   []*loop                    // message loops, outermost first
	commits map[ssa.Instruction]string // commit, mark or ack → chain
	kafka   bool                       // the consumed data is Kafka's (cumulative offsets)
}

// checkFunc looks at every failure of a call that handles consumed data.
func (a *checker) checkFunc(fn *ssa.Function) {
	if fn == nil || len(fn.Blocks) == 0 {
		return
	}
	d := a.Derived(fn)
	if len(d) == 0 {
		d = a.handedData(fn) // a handler given the message's Body (handeddata.go)
	}
	if len(d) == 0 {
		return // no consumed message here
	}
	s := &funcState{fn: fn, d: d, commits: make(map[ssa.Instruction]string)}
	var handlers, unkeyed []*ssa.Call
	via := make(map[*ssa.Call]string)
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(*ssa.Call)
			if !ok {
				continue
			}
			c := &call.Call
			if v := a.CommitVia(c); v != "" {
				s.commits[call] = v
				continue
			}
			if a.IsFetch(call) {
				continue
			}
			if v := a.handlerVia(c); v != "" {
				via[call] = v
				if consume.UsesDerived(call, d) || consume.IsTxCommit(c) {
					handlers = append(handlers, call)
				} else {
					unkeyed = append(unkeyed, call)
				}
			}
		}
	}
	if len(handlers) == 0 && len(unkeyed) == 0 {
		return
	}
	s.loops = a.loops(fn, d)
	s.kafka = kafkaData(fn, s.loops)
	handlers = append(handlers, unkeyedWork(s, handlers, unkeyed)...)
	if len(handlers) == 0 {
		return
	}
	marks := bookkeeping(handlers)
	for _, h := range handlers {
		if marks[h] {
			continue // a processed marker after the work (bookkeeping.go)
		}
		for _, f := range a.failure(s, h) {
			a.report(s, h, via[h], f)
		}
	}
}

// kafkaData reports whether the function consumes Kafka messages or
// records (as opposed to broker deliveries acked one by one).
func kafkaData(fn *ssa.Function, loops []*loop) bool {
	for _, l := range loops {
		if l.kafka {
			return true
		}
	}
	for _, p := range fn.Params {
		if isKafka(p) {
			return true
		}
	}
	for _, fv := range fn.FreeVars {
		if isKafka(fv) {
			return true
		}
	}
	return false
}

// failure returns what happens to the message when handler call h fails
// and the consumer passes over it — one finding per place where a failure
// path moves on — or nil when every failure test of h leads to a retry, a
// redelivery, a dead letter, a stop or nothing that moves past it. Of
// several failure tests (a retry loop's and the one after it) the last in
// the source is kept.
func (a *checker) failure(s *funcState, h *ssa.Call) []*finding {
	errs := errorValues(h)
	tests := failureTests(errs)
	var known facts
	if len(errs) == 0 {
		if !a.successFlag(h) {
			return nil
		}
		tests, known = flagTests(h), facts{h: false} // its false result is its failure (flag.go)
	}
	var best []*finding
	var bestTest token.Pos
	for _, t := range tests {
		fs := a.walk(s, h, errs, t.fail, known)
		if len(fs) == 0 {
			continue
		}
		for _, f := range fs {
			f.test = t.pos
		}
		if best == nil || t.pos > bestTest {
			best, bestTest = fs, t.pos
		}
	}
	return best
}

// A failureTest is an `if err != nil` (or `if err == nil`) on a handler's
// error: fail is the successor taken when it failed.
type failureTest struct {
	pos  token.Pos
	fail *ssa.BasicBlock
}

// errorValues returns the values that hold the error result of call:
// the result, the φs merging it (err assigned in a retry loop or in
// branches) and loads of a variable it is stored into.
func errorValues(call *ssa.Call) map[ssa.Value]bool {
	errv := consume.ErrorResult(call)
	if errv == nil {
		return nil
	}
	out := map[ssa.Value]bool{errv: true}
	work := []ssa.Value{errv}
	add := func(v ssa.Value) {
		if v != nil && !out[v] {
			out[v] = true
			work = append(work, v)
		}
	}
	for len(work) > 0 && len(out) < 64 {
		v := work[len(work)-1]
		work = work[:len(work)-1]
		if v.Referrers() == nil {
			continue
		}
		for _, ref := range *v.Referrers() {
			switch r := ref.(type) {
			case *ssa.Phi:
				add(r)
			case *ssa.Store:
				if r.Val != v || r.Addr.Referrers() == nil {
					continue
				}
				if _, local := r.Addr.(*ssa.Alloc); !local {
					continue
				}
				for _, use := range *r.Addr.Referrers() {
					if load, ok := use.(*ssa.UnOp); ok && load.Op == token.MUL {
						add(load)
					}
				}
			}
		}
	}
	return out
}

// failureTests returns the tests of an error value against nil that
// branch, with the successor taken when the error is not nil.
func failureTests(errs map[ssa.Value]bool) []failureTest {
	var out []failureTest
	seen := make(map[*ssa.BasicBlock]bool)
	for v := range errs {
		for _, ref := range *v.Referrers() {
			cmp, ok := ref.(*ssa.BinOp)
			if !ok || (cmp.Op != token.NEQ && cmp.Op != token.EQL) || !isNil(cmp.X) && !isNil(cmp.Y) {
				continue
			}
			for _, use := range *cmp.Referrers() {
				br, ok := use.(*ssa.If)
				if !ok || len(br.Block().Succs) != 2 {
					continue
				}
				f := br.Block().Succs[0]
				if cmp.Op == token.EQL {
					f = br.Block().Succs[1]
				}
				if !seen[f] {
					seen[f] = true
					out = append(out, failureTest{pos: cmp.Pos(), fail: f})
				}
			}
		}
	}
	return out
}

func isNil(v ssa.Value) bool {
	c, ok := v.(*ssa.Const)
	return ok && c.IsNil()
}

// isErrorsClass reports whether an If tests which error err is
// (errors.Is, errors.As): the branch where it is a named error is a
// decision about that error, not a pass-over.
func isErrorsClass(cond ssa.Value, errs map[ssa.Value]bool) bool {
	call, ok := cond.(*ssa.Call)
	if !ok {
		return false
	}
	obj, _ := consume.CalleeOf(&call.Call)
	if obj == nil || obj.Pkg() == nil || obj.Pkg().Path() != "errors" || (obj.Name() != "Is" && obj.Name() != "As") {
		return false
	}
	return len(call.Call.Args) > 0 && errs[call.Call.Args[0]]
}

// handlerVia returns the chain by which a call does work with a message,
// or "": consume's answer, or a function literal it is passed as a named
// func type (retry.Do(func() error {...}) takes a retry.RetryableFunc).
func (a *checker) handlerVia(c *ssa.CallCommon) string {
	if v := a.DurableVia(c); v != "" {
		return v
	}
	for _, arg := range c.Args {
		ct, ok := arg.(*ssa.ChangeType)
		if !ok {
			continue
		}
		if f := consume.ClosureFunc(ct.X); f != nil {
			if s := a.Summarize(a.LocalFunc(nil, f)); s.Durable != "" {
				obj, fn := consume.CalleeOf(c)
				return consume.Chain(a.FuncName(obj, fn), s.Durable)
			}
		}
	}
	return ""
}
