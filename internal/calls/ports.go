package calls

import (
	"go/ast"
	"go/types"
	"slices"

	"github.com/idemlint/idemlint/internal/apis"
	"github.com/idemlint/idemlint/internal/funcname"
)

// Port calls reached through the package's helpers. A use case rarely
// calls its ports only directly: it calls a helper of its own
// (s.charge(ctx, o) calling s.gateway.Charge, s.announce(...) calling
// s.events.Publish), a closure it calls in place or keeps in a local
// (publish := func() error { return s.ev.Publish(ctx, id) }; publish()),
// or hands a closure to a coordinator that runs it. The analyzers that
// complete port calls at the composition root (pending.go) record, for a
// call of the use case, every port call it reaches that way, with the
// helpers in between for the message.
//
// What is followed: the package's functions and methods the call may run
// (static callees, implementations in sight with a body here, function
// values: CallTargets), literals called on the spot or through a local,
// and function arguments — literals, locals holding them, the package's
// functions — that the callee runs before it returns (RunsArgNow). A
// literal handed to a port itself is followed too, its port calls held by
// that port (PortCall.Holder): they run only if an implementation of the
// port calls that argument before it returns (HolderRunsNow).
//
// A port call whose effects are known (an interface standing for a
// library call by its shape, sqlc's DBTX.Exec with its SQL text) is not
// out of sight: it is no port call here.
//
// Not followed: goroutines and deferred calls (as the analyzers' own
// walks of a body leave them); helpers declared in other packages (their
// port calls are theirs to record); a function parameter of the helper
// handed on by the helper (its binding is the caller's argument, followed
// only one level, where the caller passes it).
//
// Bounds: a port call at most maxPortDepth helpers below the call; at
// most maxPortCalls port calls per call (the first in source order); each
// helper's port calls computed once (a memo, cycles cut).

const (
	maxPortDepth = 3          // helpers between a call and the port call it reaches
	maxPortCalls = maxTargets // port calls recorded for one call
)

// A PortCall is a call of a port (Port) that a call reaches through the
// package's helpers and closures.
type PortCall struct {
	Method *types.Func // the port's interface method
	// Via names the helpers from the call down to the port call,
	// outermost first ("(*Orders).charge"); empty when the call's own
	// literal makes the port call.
	Via []string
	// Holder, when not nil, is the port whose argument HolderParam is the
	// function making the port call: the call runs only if an
	// implementation of Holder calls that argument before it returns.
	Holder      *types.Func
	HolderParam int
}

// CallPorts returns the port calls that evaluating call reaches through
// the package's helpers and closures (see above), in source order; nil
// when call is itself a port call (its caller records that one).
func (r *Result) CallPorts(call *ast.CallExpr) []PortCall {
	if r == nil || call == nil || r.std {
		return nil
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.callPorts(call, make(map[*ast.FuncLit]bool))
}

// FuncPorts returns the port calls that a call of fn, a function of the
// package, reaches: in its body and through its helpers; Via starts with
// fn.
func (r *Result) FuncPorts(fn *types.Func) []PortCall {
	if r == nil || fn == nil || r.std {
		return nil
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	return slices.Clone(r.funcPorts(fn))
}

// funcPorts is FuncPorts with mu held.
func (r *Result) funcPorts(fn *types.Func) []PortCall {
	fn = fn.Origin()
	if r.decls[fn] == nil || isInterfaceMethod(fn) {
		return nil
	}
	if r.portMemo.sums == nil {
		r.portMemo = newMemo[*types.Func, []PortCall]()
	}
	return r.portMemo.get(fn, func(fn *types.Func) []PortCall {
		name := funcname.Code(fn, nil)
		var out []PortCall
		for _, p := range r.bodyPorts(r.decls[fn].Body, make(map[*ast.FuncLit]bool)) {
			if len(p.Via) < maxPortDepth {
				p.Via = append([]string{name}, p.Via...)
				out = addPortCall(out, p)
			}
		}
		return out
	})
}

// bodyPorts returns the port calls a body makes when it runs: its own,
// and those its other calls reach (callPorts). lits holds the literals
// being walked (a literal stored in a variable it calls is not walked
// twice).
func (r *Result) bodyPorts(body *ast.BlockStmt, lits map[*ast.FuncLit]bool) []PortCall {
	var out []PortCall
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.GoStmt, *ast.DeferStmt, *ast.FuncLit:
			return false
		case *ast.CallExpr:
			if m := r.port(n); m != nil {
				if r.knownEffect(n) {
					return true // it stands for a library call (sqlc's DBTX.Exec): its effects are known
				}
				out = addPortCall(out, PortCall{Method: m})
				for _, p := range r.heldPorts(n, m, lits) {
					out = addPortCall(out, p)
				}
				return true
			}
			for _, p := range r.callPorts(n, lits) {
				out = addPortCall(out, p)
			}
		}
		return true
	})
	return out
}

// callPorts is CallPorts with mu held.
func (r *Result) callPorts(call *ast.CallExpr, lits map[*ast.FuncLit]bool) []PortCall {
	if r.port(call) != nil {
		return nil
	}
	info := r.pass.TypesInfo
	if tv, ok := info.Types[call.Fun]; ok && tv.IsType() {
		return nil // a conversion
	}
	var out []PortCall
	add := func(ps []PortCall) {
		for _, p := range ps {
			out = addPortCall(out, p)
		}
	}
	// What the call runs.
	if lit, ok := ast.Unparen(call.Fun).(*ast.FuncLit); ok {
		add(r.litPorts(lit, lits))
	} else if fn := apis.Callee(info, call); fn != nil {
		if isInterfaceMethod(fn) {
			for _, impl := range r.implementations(fn) {
				add(r.funcPorts(impl))
			}
		} else {
			add(r.funcPorts(fn))
		}
	} else {
		add(r.valuesPorts(call.Fun, lits))
	}
	// The functions it is given and runs before it returns.
	for i, a := range call.Args {
		if isFuncTyped(info, a) && r.runsArgNow(call, i) {
			add(r.valuesPorts(a, lits))
		}
	}
	return out
}

// HeldPorts returns the port calls made by the functions that the port
// call call is given (a literal, a local holding one, a function of the
// package, through their helpers), each held by that port at its
// argument; nil when call is not a port call.
func (r *Result) HeldPorts(call *ast.CallExpr) []PortCall {
	if r == nil || call == nil || r.std {
		return nil
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	m := r.port(call)
	if m == nil {
		return nil
	}
	return r.heldPorts(call, m, make(map[*ast.FuncLit]bool))
}

// heldPorts returns the port calls made by the functions passed to the
// port call (a literal, a local holding one, a function of the package),
// each held by the port m at its argument.
func (r *Result) heldPorts(call *ast.CallExpr, m *types.Func, lits map[*ast.FuncLit]bool) []PortCall {
	var out []PortCall
	for i, a := range call.Args {
		if !isFuncTyped(r.pass.TypesInfo, a) {
			continue
		}
		for _, p := range r.valuesPorts(a, lits) {
			if p.Holder == nil && p.Method != m {
				p.Holder, p.HolderParam = m, i
				out = addPortCall(out, p)
			}
		}
	}
	return out
}

// valuesPorts returns the port calls of the functions e may denote: a
// literal's body, a function of the package, a port's method value.
func (r *Result) valuesPorts(e ast.Expr, lits map[*ast.FuncLit]bool) []PortCall {
	var out []PortCall
	for _, v := range r.values(e) {
		var ps []PortCall
		switch {
		case v.lit != nil:
			ps = r.litPorts(v.lit, lits)
		case r.portMethod(v.fn):
			if r.summary(v.fn).empty() {
				ps = []PortCall{{Method: v.fn}}
			}
		case isInterfaceMethod(v.fn):
			for _, impl := range r.implementations(v.fn) {
				ps = append(ps, r.funcPorts(impl)...)
			}
		default:
			ps = r.funcPorts(v.fn)
		}
		for _, p := range ps {
			out = addPortCall(out, p)
		}
	}
	return out
}

// litPorts returns the port calls of a literal's body, once per walk.
func (r *Result) litPorts(lit *ast.FuncLit, lits map[*ast.FuncLit]bool) []PortCall {
	if lits[lit] {
		return nil
	}
	lits[lit] = true
	return r.bodyPorts(lit.Body, lits)
}

// knownEffect reports whether the call has an effect of some kind.
func (r *Result) knownEffect(call *ast.CallExpr) bool {
	for k := range numEffects {
		if r.callChain(call, k) != nil {
			return true
		}
	}
	return false
}

// addPortCall appends p unless out has it (same port, same holder) or is
// full.
func addPortCall(out []PortCall, p PortCall) []PortCall {
	if len(out) >= maxPortCalls {
		return out
	}
	for _, x := range out {
		if x.Method == p.Method && x.Holder == p.Holder && x.HolderParam == p.HolderParam {
			return out
		}
	}
	return append(out, p)
}

// RunsArgNow reports whether call runs its function argument i before it
// returns: a transaction callback (pgx.BeginFunc, a WithTx helper), a
// retry's operation, a go-redis pipeline's callback (TxPipelined), a
// parameter the callee calls outside a goroutine.
func (r *Result) RunsArgNow(call *ast.CallExpr, i int) bool {
	if r == nil || call == nil {
		return false
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.runsArgNow(call, i)
}

var retryFuncs = apis.DefaultRetryFuncs()

// runsArgNow is RunsArgNow with mu held.
func (r *Result) runsArgNow(call *ast.CallExpr, i int) bool {
	info := r.pass.TypesInfo
	fn := apis.Callee(info, call)
	if fn == nil || i >= len(call.Args) {
		return false
	}
	if apis.TxFuncBeginCallback(apis.Describe(fn)) == i || r.callbackTx(call, i) != nil {
		return true
	}
	if apis.RedisPipelineCallbackArg(fn) == i {
		return true
	}
	if op, _ := retryFuncs.Operation(info, call); op != nil && op == call.Args[i] {
		return true
	}
	for _, p := range r.summary(fn).CallsOf() {
		if p.Param == i && !p.Go {
			return true
		}
	}
	return false
}

// HolderRunsNow reports whether an implementation of the port m (a
// PortCall's Holder) that the package wires calls its argument param
// before it returns (not in a goroutine, not kept for later: a Subscribe
// that registers a handler does not).
func (r *Result) HolderRunsNow(m *types.Func, param int) bool {
	if r == nil || m == nil {
		return false
	}
	for _, impl := range r.WiredImplementations(m) {
		for _, call := range r.Of(impl).CallsOf() {
			if call.Param == param && !call.Go {
				return true
			}
		}
	}
	return false
}
