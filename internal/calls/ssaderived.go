package calls

import (
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
)

// SSADerived is Derived for a summary computed over SSA (ctxcancel's: the
// values a context parameter flows through are followed in SSA form), so
// keyed by *ssa.Function. It owns the same things as Derived, with the
// same rules:
//
//   - the memo (memo.go, the one Derived and Result use): the summary of
//     each function of the package with a body is computed once, by the
//     analyzer's compute callback, on first use; a function whose summary
//     is being computed (a recursive call, directly or through other
//     functions) has the zero summary;
//   - resolution of what a call of an *ssa.Function runs (Local): the
//     generic origin of an instance, the method behind a bound-method or
//     other synthetic wrapper;
//   - the import of a function of another package's summary from its
//     facts (the analyzer's import callback);
//   - the export policy of Derived (leavesPackage: exported functions and
//     every method).
//
// An SSADerived belongs to one pass of one analyzer and is not safe for
// concurrent use.
type SSADerived[S comparable] struct {
	pass    *analysis.Pass
	pkg     *ssa.Package
	funcs   []*ssa.Function // the package's source functions (ssabuild.SSA.SrcFuncs)
	compute func(fn *ssa.Function) S
	imp     func(fn *types.Func) S
	sums    memo[*ssa.Function, S]
}

// NewSSADerived returns the skeleton of a summary S (the zero S: nothing)
// computed by compute for the functions of pkg with a body, imported by
// imp for the declared functions of other packages. funcs are the
// package's source functions, in source order (literals among them are
// skipped by Export).
func NewSSADerived[S comparable](pass *analysis.Pass, pkg *ssa.Package, funcs []*ssa.Function, compute func(fn *ssa.Function) S, imp func(fn *types.Func) S) *SSADerived[S] {
	return &SSADerived[S]{
		pass:    pass,
		pkg:     pkg,
		funcs:   funcs,
		compute: compute,
		imp:     imp,
		sums:    newMemo[*ssa.Function, S](),
	}
}

// NewFactSSADerived is NewSSADerived for a summary that is one fact type F
// (a pointer to T): it is imported as that fact.
func NewFactSSADerived[T any, F interface {
	*T
	analysis.Fact
}](pass *analysis.Pass, pkg *ssa.Package, funcs []*ssa.Function, compute func(fn *ssa.Function) F) *SSADerived[F] {
	return NewSSADerived(pass, pkg, funcs, compute, importFact[T, F](pass))
}

// Local returns the function of the package with a body that a call of fn
// runs (fn itself, its generic origin, the method behind a bound-method
// wrapper or another synthetic wrapper), or nil.
func (d *SSADerived[S]) Local(fn *ssa.Function) *ssa.Function {
	if fn == nil {
		return nil
	}
	if o := fn.Origin(); o != nil {
		fn = o
	}
	if fn.Synthetic != "" {
		if obj := DeclaredFunc(fn); obj != nil && obj.Pkg() == d.pass.Pkg {
			if f := d.pkg.Prog.FuncValue(obj); f != nil {
				fn = f
			}
		}
	}
	if fn.Pkg == d.pkg && len(fn.Blocks) > 0 {
		return fn
	}
	return nil
}

// Of returns the summary of what a call of fn runs: computed once for a
// function of the package with a body (Local), imported for a declared
// function of another package; the zero S for the others and while the
// summary is being computed.
func (d *SSADerived[S]) Of(fn *ssa.Function) S {
	if local := d.Local(fn); local != nil {
		return d.sums.get(local, d.compute)
	}
	return d.imported(DeclaredFunc(fn))
}

// OfFunc returns the summary of a declared function or method (its
// generic origin): computed for the package's, imported for the others'.
func (d *SSADerived[S]) OfFunc(fn *types.Func) S {
	fn = fn.Origin()
	if fn.Pkg() == d.pass.Pkg {
		var zero S
		if f := d.pkg.Prog.FuncValue(fn); f != nil && len(f.Blocks) > 0 {
			return d.Of(f)
		}
		return zero
	}
	return d.imported(fn)
}

// imported returns the summary of a function of another package.
func (d *SSADerived[S]) imported(fn *types.Func) S {
	if fn == nil || fn.Pkg() == nil || fn.Pkg() == d.pass.Pkg {
		var zero S
		return zero
	}
	return d.imp(fn)
}

// Reset forgets every summary computed so far, for when what compute
// reads has changed (ctxcancel's stop signals, found after the first
// summaries were asked for). It must not be called from compute.
func (d *SSADerived[S]) Reset() {
	d.sums.reset()
}

// Export calls export, in source order, for every declared function of
// the package whose summary another package may need (leavesPackage, the
// policy of Derived.Export) and is not the zero S.
func (d *SSADerived[S]) Export(export func(fn *types.Func, s S)) {
	var zero S
	for _, fn := range d.funcs {
		obj := DeclaredFunc(fn)
		if obj == nil || fn.Parent() != nil || obj.Pkg() != d.pass.Pkg || !leavesPackage(obj) {
			continue
		}
		if s := d.Of(fn); s != zero {
			export(obj, s)
		}
	}
}

// ExportSSAFacts exports, under Export's policy, the summaries of an
// SSADerived whose summary is one fact type.
func ExportSSAFacts[F interface {
	comparable
	analysis.Fact
}](d *SSADerived[F]) {
	d.Export(func(fn *types.Func, f F) { d.pass.ExportObjectFact(fn, f) })
}

// ssaFuncObj returns the declared function or method of fn (the generic
// origin's for an instance, the method for a wrapper), or nil.
func DeclaredFunc(fn *ssa.Function) *types.Func {
	if fn == nil {
		return nil
	}
	if o := fn.Origin(); o != nil {
		fn = o
	}
	obj, _ := fn.Object().(*types.Func)
	return obj
}
