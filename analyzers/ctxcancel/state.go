package ctxcancel

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/apis"
	"github.com/idemlint/idemlint/internal/calls"
	"github.com/idemlint/idemlint/internal/report"
	"github.com/idemlint/idemlint/internal/ssabuild"
)

// state is the analysis of one package.
type state struct {
	pass  *analysis.Pass
	r     *report.Reporter
	ssa   *ssabuild.SSA
	layer *calls.Result // interface resolution

	txSinks, publishSinks, detachers *apis.Set
	sinks                            *apis.Set // every library sink, for interfaces that mirror one; built on first use
	pgxTx                            []*types.Interface

	stop         map[ssa.Value]stopSignal // context values the package treats as shutdown signals
	condStop     map[paramKey]ParamStop   // stop loops deferred to the callers of exported functions (StopsOn)
	importedStop map[argAt]ParamStop      // calls whose argument makes another package's stop loop a source
	cancelSig    map[*ssa.Call]stopSignal // WithCancel calls whose cancel runs after a signal.Notify receive

	memo     map[ssa.Value][]origin
	busy     map[ssa.Value]bool
	cycleHit bool
	budget   int

	// The summaries of the package's functions, on the call layer's SSA
	// skeleton: computed once, imported from other packages' facts,
	// exported under the layer's policy.
	reaches  *calls.SSADerived[*ReachesSink]     // context parameters that reach a sink
	detached *calls.SSADerived[*ReturnsDetached] // a result detached from its parent's cancellation
	stops    *calls.SSADerived[*StopsOn]         // stop loops deferred to callers in other packages

	pendingStops []StopSite // ports out of sight handed a shutdown context (pendingstops.go)

	closures map[*ssa.Function]*ssa.MakeClosure
	sccs     map[*ssa.Function][]int
	calls    map[token.Pos]*ast.CallExpr
}

// A stopSignal is where a context is tied to shutdown.
type stopSignal struct {
	pos  token.Pos
	what string // "signal.NotifyContext", "ctx.Done()", ...
}

func newState(pass *analysis.Pass, r *report.Reporter, pkg *ssabuild.SSA) *state {
	s := &state{
		pass:         pass,
		r:            r,
		ssa:          pkg,
		txSinks:      extraTxSinks.AddTo(&apis.Set{}),
		publishSinks: extraPublishSinks.AddTo(&apis.Set{}),
		detachers:    extraDetachers.AddTo(&apis.Set{}),
		stop:         make(map[ssa.Value]stopSignal),
		cancelSig:    make(map[*ssa.Call]stopSignal),
		condStop:     make(map[paramKey]ParamStop),
		importedStop: make(map[argAt]ParamStop),
		memo:         make(map[ssa.Value][]origin),
		busy:         make(map[ssa.Value]bool),
		closures:     make(map[*ssa.Function]*ssa.MakeClosure),
		sccs:         make(map[*ssa.Function][]int),
		calls:        make(map[token.Pos]*ast.CallExpr),
	}
	s.reaches = calls.NewFactSSADerived[ReachesSink](pass, pkg.Pkg, pkg.SrcFuncs, s.localSummary)
	s.detached = calls.NewFactSSADerived[ReturnsDetached](pass, pkg.Pkg, pkg.SrcFuncs, s.localDetached)
	s.stops = calls.NewFactSSADerived[StopsOn](pass, pkg.Pkg, pkg.SrcFuncs, s.deferredStops)
	s.pgxTx = findPgxTx(pass.Pkg)
	s.layer, _ = pass.ResultOf[calls.Analyzer].(*calls.Result)
	for _, f := range pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			if call, ok := n.(*ast.CallExpr); ok {
				s.calls[call.Lparen] = call
			}
			return true
		})
	}
	for _, fn := range s.ssa.SrcFuncs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				if mc, ok := instr.(*ssa.MakeClosure); ok {
					if f, ok := mc.Fn.(*ssa.Function); ok {
						s.closures[f] = mc
					}
				}
			}
		}
	}
	return s
}

// findPgxTx returns pgx's Tx interfaces among the packages pkg depends on.
func findPgxTx(pkg *types.Package) []*types.Interface {
	var out []*types.Interface
	seen := make(map[*types.Package]bool)
	var walk func(p *types.Package)
	walk = func(p *types.Package) {
		if p == nil || seen[p] {
			return
		}
		seen[p] = true
		if apis.NormPath(p.Path()) == apis.PgxTxPaths[0] {
			if obj, ok := p.Scope().Lookup("Tx").(*types.TypeName); ok {
				if it, ok := obj.Type().Underlying().(*types.Interface); ok {
					out = append(out, it)
				}
			}
		}
		for _, imp := range p.Imports() {
			walk(imp)
		}
	}
	walk(pkg)
	return out
}

// callInstrs calls f for every call instruction of fn and of the function
// literals inside it.
func callInstrs(fn *ssa.Function, f func(ssa.CallInstruction)) {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if c, ok := instr.(ssa.CallInstruction); ok {
				f(c)
			}
		}
	}
	for _, anon := range fn.AnonFuncs {
		callInstrs(anon, f)
	}
}

// isContext reports whether t is context.Context.
func isContext(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "context" && n.Obj().Name() == "Context"
}

// isBoundWrapper reports whether fn is the wrapper of a method value x.M.
func isBoundWrapper(fn *ssa.Function) bool {
	return fn.Synthetic != "" && len(fn.FreeVars) == 1 && calls.DeclaredFunc(fn) != nil && calls.DeclaredFunc(fn).Signature().Recv() != nil
}

// top returns the outermost function enclosing fn.
func top(fn *ssa.Function) *ssa.Function {
	for fn.Parent() != nil {
		fn = fn.Parent()
	}
	return fn
}
