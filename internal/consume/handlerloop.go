package consume

import (
	"fmt"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/apis"
)

// A service writes its consume loop once — Consumer.Run(ctx, handle
// func(ctx, Message) error): fetch, handle, commit — and its workers, in
// other packages, hand it their handlers as method values
// (c.Run(ctx, w.Handle)). No code of a worker shows a loop, yet its
// handler runs once per consumed message, with the loop's context, and the
// loop commits after it returns. RunsHandler records that of the loop's
// function, so that a call site in any package knows which argument is a
// per-message handler, in what commit order and with which context.
//
// A function F runs its function parameter P per message when a call of P
// in F's body (or of a literal of F that calls P, a goroutine's among
// them) is given consumed data: a message F fetched, received or was
// passed (Derived). Of that call the record keeps
//
//   - the commit that follows it before the next message (Search round
//     the loop, stopping at the next fetch), and whether a commit of the
//     same iteration comes first (an ack-first loop);
//   - whether it runs in a goroutine (the loop does not wait for its
//     result);
//   - which parameter of F is passed as the handler's context.
//
// Work: once per function with a body and a parameter of function type;
// one scan of its instructions per such parameter, one Derived, and two
// CFG searches for the call found.

// RunsHandler marks a function that calls a function parameter of its own
// once per consumed message (a project's consume loop).
type RunsHandler struct {
	Runs []HandlerRun
}

// A HandlerRun says how a function runs its function parameter Param
// (receiver not counted) per consumed message.
type HandlerRun struct {
	Param  int    // the handler parameter
	Commit string // the chain of the commit or ack after the handler returns ("": none)
	First  bool   // a commit of the same iteration comes before the handler: ack-first
	Go     bool   // the handler runs in a goroutine: the loop never sees its result
	Ctx    int    // the parameter of the function passed as the handler's context (-1: none)
	CtxArg int    // the handler's parameter receiving it
	At     string // where the loop calls the handler ("consumer.go:58")
}

// AFact implements analysis.Fact.
func (*RunsHandler) AFact() {}

func (f *RunsHandler) String() string {
	var parts []string
	for _, r := range f.Runs {
		s := fmt.Sprintf("p%d", r.Param)
		switch {
		case r.Go:
			s += " in goroutine"
		case r.First:
			s += " after commit"
		case r.Commit != "":
			s += " then " + r.Commit
		}
		if r.Ctx >= 0 {
			s += fmt.Sprintf(" ctx p%d", r.Ctx)
		}
		parts = append(parts, s)
	}
	return "runsHandler(" + strings.Join(parts, "; ") + ")"
}

// Redelivers reports whether a failure of the handler leaves the message
// to be delivered again: it runs before the commit, and the loop waits for it.
func (r HandlerRun) Redelivers() bool {
	return r.Commit != "" && !r.First && !r.Go
}

// handlerRuns computes the RunsHandler record of fn, a declared function
// of this package with a body (nil: it runs no parameter per message).
func (a *Checker) handlerRuns(fn *ssa.Function) *RunsHandler {
	off := 0
	if fn.Signature.Recv() != nil {
		off = 1
	}
	var d map[ssa.Value]bool
	var out []HandlerRun
	for i, p := range fn.Params[off:] {
		if _, ok := p.Type().Underlying().(*types.Signature); !ok {
			continue
		}
		sites := paramCalls(fn, p)
		if len(sites) == 0 {
			continue
		}
		if d == nil {
			d = a.Derived(fn)
		}
		for _, site := range sites {
			if !UsesDerived(site.instr, d) {
				continue
			}
			run := HandlerRun{Param: i, Go: site.inGo, Ctx: -1, CtxArg: -1, At: a.Where(site.instr)}
			if k, j := ctxParam(fn, site); k >= 0 {
				run.Ctx, run.CtxArg = k-off, j
			}
			if !site.inGo {
				run.Commit, run.First = a.commitOrder(fn, site.instr, d)
			}
			out = append(out, run)
			break
		}
	}
	if len(out) == 0 {
		return nil
	}
	return &RunsHandler{Runs: out}
}

// A paramCall is where a function calls its function parameter.
type paramCall struct {
	instr ssa.CallInstruction // the call of the parameter, or of the literal that calls it
	args  []ssa.Value         // the arguments the parameter gets (in the literal, if any)
	lit   *ssa.MakeClosure    // the literal's closure, for its free variables
	inGo  bool
}

// paramCalls returns the calls of parameter p in fn: direct (p(ctx, m),
// go p(ctx, m)), or of a literal of fn that calls it directly (go func()
// { p(ctx, m) }(), or one handed to another function: g.Go(func() error
// {...}), taken to run in a goroutine).
func paramCalls(fn *ssa.Function, p *ssa.Parameter) []paramCall {
	var out []paramCall
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			ci, ok := instr.(ssa.CallInstruction)
			if !ok {
				continue
			}
			if _, deferred := instr.(*ssa.Defer); deferred {
				continue
			}
			c := ci.Common()
			_, inGo := instr.(*ssa.Go)
			if paramOf(c.Value, nil) == p {
				out = append(out, paramCall{instr: ci, args: c.Args, inGo: inGo})
				continue
			}
			if mc, ok := c.Value.(*ssa.MakeClosure); ok {
				if args, ok := litCalls(mc, p); ok {
					out = append(out, paramCall{instr: ci, args: args, lit: mc, inGo: inGo})
					continue
				}
			}
			for _, arg := range c.Args {
				if mc, ok := arg.(*ssa.MakeClosure); ok {
					if args, ok := litCalls(mc, p); ok {
						out = append(out, paramCall{instr: ci, args: args, lit: mc, inGo: true})
						break
					}
				}
			}
		}
	}
	return out
}

// litCalls returns the arguments of a direct call, in the literal of mc,
// of parameter p of the function that makes mc.
func litCalls(mc *ssa.MakeClosure, p *ssa.Parameter) ([]ssa.Value, bool) {
	lit, ok := mc.Fn.(*ssa.Function)
	if !ok {
		return nil, false
	}
	for _, b := range lit.Blocks {
		for _, instr := range b.Instrs {
			if call, ok := instr.(*ssa.Call); ok && paramOf(call.Call.Value, mc) == p {
				return call.Call.Args, true
			}
		}
	}
	return nil, false
}

// paramOf returns the parameter of the function a value stands for: the
// parameter itself, or a load of the variable it was spilled to (a
// parameter that a literal captures lives in one); with mc, v is a value
// of mc's literal, whose free variables are mc's bindings.
func paramOf(v ssa.Value, mc *ssa.MakeClosure) *ssa.Parameter {
	if u, ok := v.(*ssa.UnOp); ok && u.Op == token.MUL {
		v = u.X
	}
	if fv, ok := v.(*ssa.FreeVar); ok && mc != nil {
		lit := mc.Fn.(*ssa.Function)
		for i, x := range lit.FreeVars {
			if x == fv && i < len(mc.Bindings) {
				v = mc.Bindings[i]
			}
		}
	}
	switch x := v.(type) {
	case *ssa.Parameter:
		return x
	case *ssa.Alloc:
		return spilled(x)
	}
	return nil
}

// spilled returns the parameter a local variable holds when its only
// store is of that parameter (go/ssa spills a captured parameter so).
func spilled(a *ssa.Alloc) *ssa.Parameter {
	var p *ssa.Parameter
	for _, ref := range *a.Referrers() {
		st, ok := ref.(*ssa.Store)
		if !ok || st.Addr != ssa.Value(a) {
			continue
		}
		q, ok := st.Val.(*ssa.Parameter)
		if !ok || p != nil && p != q {
			return nil
		}
		p = q
	}
	return p
}

// ctxParam returns the index in fn.Params of the parameter a call of the
// handler gets as its context, and the handler's parameter it lands in;
// -1, -1 for none.
func ctxParam(fn *ssa.Function, site paramCall) (int, int) {
	for j, arg := range site.args {
		if !isContextType(arg.Type()) {
			continue
		}
		if p := paramOf(arg, site.lit); p != nil {
			for k, q := range fn.Params {
				if q == p {
					return k, j
				}
			}
		}
		return -1, -1
	}
	return -1, -1
}

func isContextType(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "context" && n.Obj().Name() == "Context"
}

// commitOrder returns the commit that follows the handler call before the
// next message (round the loop, stopping at a fetch), and whether a commit
// of the same iteration comes before it.
func (a *Checker) commitOrder(fn *ssa.Function, call ssa.Instruction, d map[ssa.Value]bool) (string, bool) {
	isCommit := func(i ssa.Instruction) bool {
		c, ok := i.(*ssa.Call)
		return ok && a.CommitVia(&c.Call) != ""
	}
	isNext := func(i ssa.Instruction) bool { return a.IsFetch(i) || returnsMessage(i) }
	via := ""
	if c := Search(call, true, isCommit, isNext); c != nil {
		via = a.CommitVia(&c.(*ssa.Call).Call)
	}
	for _, b := range fn.Blocks {
		for _, i := range b.Instrs {
			if isCommit(i) && UsesDerived(i, d) && Search(i, false, func(j ssa.Instruction) bool { return j == call }, isNext) != nil {
				return via, true
			}
		}
	}
	return via, false
}

// returnsMessage reports whether an instruction is a call that returns a
// consumed message (a fetch helper of the project: c.Fetch(ctx)).
func returnsMessage(i ssa.Instruction) bool {
	c, ok := i.(*ssa.Call)
	if !ok {
		return false
	}
	t := c.Type()
	if tu, ok := t.(*types.Tuple); ok {
		if tu.Len() == 0 {
			return false
		}
		t = tu.At(0).Type()
	}
	return apis.IsKafkaMessageType(t) // a message, or a batch of them

}

// HandlerRuns returns how a call of obj runs its function parameters per
// consumed message: computed for a function of this package, from the
// RunsHandler fact for another package's (nil: none).
func (r *Result) HandlerRuns(obj *types.Func) []HandlerRun {
	if r == nil || obj == nil {
		return nil
	}
	obj = obj.Origin()
	if obj.Pkg() == r.pass.Pkg {
		if f := r.handlers[obj]; f != nil {
			return f.Runs
		}
		return nil
	}
	if obj.Pkg() == nil || IgnoredPath(obj.Pkg().Path()) {
		return nil
	}
	var fact RunsHandler
	if r.pass.ImportObjectFact(obj, &fact) {
		return fact.Runs
	}
	return nil
}

// A Handed is a function value a call hands to a consume loop as a
// per-message handler.
type Handed struct {
	Loop *types.Func // the loop's function
	Run  HandlerRun
	Arg  ssa.Value // the handler argument
	Ctx  ssa.Value // the context argument the loop passes on to it (nil: none)
}

// HandedSSA returns the handlers a call hands to a consume loop.
func (r *Result) HandedSSA(c *ssa.CallCommon) []Handed {
	if r == nil {
		return nil
	}
	obj, _ := CalleeOf(c)
	runs := r.HandlerRuns(obj)
	if len(runs) == 0 {
		return nil
	}
	off := 0
	if !c.IsInvoke() && obj.Signature().Recv() != nil {
		off = 1 // a static method call passes the receiver first
	}
	var out []Handed
	for _, run := range runs {
		if run.Param+off >= len(c.Args) {
			continue
		}
		h := Handed{Loop: obj, Run: run, Arg: c.Args[run.Param+off]}
		if run.Ctx >= 0 && run.Ctx+off < len(c.Args) {
			h.Ctx = c.Args[run.Ctx+off]
		}
		out = append(out, h)
	}
	return out
}

// computeHandlers records the RunsHandler summaries of the package's
// declared functions, in the Result's own Checker, and exports those
// whose facts can leave the package.
func (r *Result) computeHandlers() {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, fn := range r.ssa.SrcFuncs {
		obj, _ := fn.Object().(*types.Func)
		if obj == nil || fn.Parent() != nil || len(fn.Blocks) == 0 || !hasFuncParam(fn) {
			continue
		}
		f := r.own.handlerRuns(fn)
		if f == nil {
			continue
		}
		if r.handlers == nil {
			r.handlers = make(map[*types.Func]*RunsHandler)
		}
		r.handlers[obj] = f
		if obj.Exported() || obj.Signature().Recv() != nil {
			r.pass.ExportObjectFact(obj, f)
		}
	}
}

func hasFuncParam(fn *ssa.Function) bool {
	for _, p := range fn.Params {
		if _, ok := p.Type().Underlying().(*types.Signature); ok {
			return true
		}
	}
	return false
}

// HandedTo returns the handlers a call hands to a consume loop of the
// analysed code (Result.HandedSSA), for an analyzer's Checker.
func (a *Checker) HandedTo(c *ssa.CallCommon) []Handed {
	return a.shared.HandedSSA(c)
}
