package netcall

import (
	"go/ast"
	"go/types"
	"sync"

	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/internal/apis"
	"github.com/idemlint/idemlint/internal/funcname"
)

// Result answers which calls reach the network. It merges the facts of the
// analysed package with those imported from its dependencies.
type Result struct {
	pass    *analysis.Pass
	calls   *apis.Set
	decls   map[*types.Func]*ast.FuncDecl
	memo    map[*types.Func][]string // chain below a function; nil: no network call
	done    map[*types.Func]bool
	started map[*types.Func]bool

	// interface resolution, built on first use (see interfaceChain)
	methodNames map[string]bool
	types       []*types.TypeName
	declaring   map[string][]int // method name → indexes in types
	embedding   []int            // indexes in types of structs with embedded fields

	// mu guards the memo and the interface resolution: several analyzers
	// that require netcall use one Result concurrently (the checkers run
	// the analyzers of a package in parallel).
	mu sync.Mutex
}

func newResult(pass *analysis.Pass, calls *apis.Set) *Result {
	r := &Result{
		pass:    pass,
		calls:   calls,
		decls:   make(map[*types.Func]*ast.FuncDecl),
		memo:    make(map[*types.Func][]string),
		done:    make(map[*types.Func]bool),
		started: make(map[*types.Func]bool),
	}
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
				if fn, ok := pass.TypesInfo.Defs[fd.Name].(*types.Func); ok {
					r.decls[fn] = fd
				}
			}
		}
	}
	return r
}

// CallChain returns the chain of calls by which a call of fn reaches the
// network, starting with fn itself: ["(*http.Client).Do"] for a library
// call, ["payment.(*Client).Charge", "(*http.Client).Do"] for a function
// with the fact. It returns nil when fn makes no known network call.
func (r *Result) CallChain(fn *types.Func) []string {
	if r == nil || fn == nil {
		return nil
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.callChain(fn)
}

// callChain is CallChain with r.mu held.
func (r *Result) callChain(fn *types.Func) []string {
	if fn == nil {
		return nil
	}
	fn = fn.Origin()
	if r.calls.Match(fn) {
		return []string{funcname.Lib(fn, nil)}
	}
	below := r.below(fn)
	if below == nil {
		return nil
	}
	return clip(append([]string{funcname.Code(fn, nil)}, below...))
}

// IsNetworkCall reports whether fn is a library network call of the table
// (extended by -network-calls).
func (r *Result) IsNetworkCall(fn *types.Func) bool {
	return r != nil && fn != nil && r.calls.Match(fn.Origin())
}

func clip(chain []string) []string {
	if len(chain) <= maxChain {
		return chain
	}
	out := append([]string{}, chain[:maxChain-2]...)
	return append(out, "…", chain[len(chain)-1])
}

// below returns the chain under fn (its fact), computing it for functions
// of the analysed package. Cycles are cut conservatively (no network call).
func (r *Result) below(fn *types.Func) []string {
	if r.done[fn] {
		return r.memo[fn]
	}
	if r.started[fn] {
		return nil
	}
	r.started[fn] = true
	var chain []string
	switch {
	case fn.Pkg() != r.pass.Pkg:
		var f PerformsNetworkCall
		if r.pass.ImportObjectFact(fn, &f) {
			chain = f.Chain
		} else if isInterfaceMethod(fn) {
			chain = r.interfaceChain(fn)
		}
	case isInterfaceMethod(fn):
		chain = r.interfaceChain(fn)
	case r.decls[fn] != nil:
		chain = r.bodyChain(r.decls[fn].Body)
	}
	r.memo[fn] = chain
	r.done[fn] = true
	return chain
}

// bodyChain returns the chain of the first network call of body, in
// source order. Calls in goroutines do not count; function literals count
// when they are called on the spot or passed to a call (retry.Do(func...)).
func (r *Result) bodyChain(body *ast.BlockStmt) []string {
	var found []string
	var visit func(n ast.Node) bool
	visit = func(n ast.Node) bool {
		if found != nil {
			return false
		}
		switch n := n.(type) {
		case *ast.GoStmt, *ast.FuncLit:
			return false
		case *ast.CallExpr:
			if c := r.callChain(apis.Callee(r.pass.TypesInfo, n)); c != nil {
				found = c
				return false
			}
			for _, lit := range CallLits(n) {
				ast.Inspect(lit.Body, visit)
			}
		}
		return true
	}
	ast.Inspect(body, visit)
	return found
}

// CallLits returns the function literals that call evaluates during the
// call: the literal called itself, and literals passed as arguments.
func CallLits(call *ast.CallExpr) []*ast.FuncLit {
	var out []*ast.FuncLit
	if lit, ok := ast.Unparen(call.Fun).(*ast.FuncLit); ok {
		out = append(out, lit)
	}
	for _, a := range call.Args {
		if lit, ok := ast.Unparen(a).(*ast.FuncLit); ok {
			out = append(out, lit)
		}
	}
	return out
}
