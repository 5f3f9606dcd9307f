package calls

import (
	"go/ast"
	"go/types"
	"reflect"

	"golang.org/x/tools/go/analysis"
)

// Derived is the skeleton of an analyzer's own inter-procedural summary
// (MakesFreshID, KeyOps, Publishes...) over the call layer. It owns what
// every such summary needs, so that an analyzer writes only what its
// summary says:
//
//   - the package's function declarations (the call layer's index);
//   - the memo: each declared function's summary is computed once, by the
//     analyzer's compute callback, on first use. Cycles are cut
//     conservatively: a function whose summary is being computed (a
//     recursive call, directly or through other functions) has the zero
//     summary, that is, it does nothing;
//   - the import of a function of another package's summary from its facts
//     (the analyzer's import callback);
//   - one export policy (Export);
//   - call resolution: CallTargets and ValueTargets resolve a call or a
//     function value to every function it may run (a static callee, the
//     implementations in sight of an interface method, the method values
//     and function values a local, field or map may hold, a generic
//     function's origin), each with its summary, so that every analyzer's
//     summary sees through the same indirections as the call layer's.
//
// Combining the targets' summaries is the analyzer's rule. The default
// (Every, used by uuidinretry and onconflict): an effect holds for a call
// when every target the layer resolves it to has it, as in the call
// layer's interface summaries; a call with no target in sight has none.
// An analyzer whose finding needs only one target may say so
// (lossypublish: one lossy implementation is enough; checkthenact merges
// the key operations of all).
//
// A Derived belongs to one pass of one analyzer and is not safe for
// concurrent use; the compute callback may use it and the *Result freely
// (the Result locks itself; a Derived holds no lock of it while computing).
type Derived[S comparable] struct {
	pass    *analysis.Pass
	layer   *Result
	compute func(fn *types.Func, decl *ast.FuncDecl) S
	imp     func(fn *types.Func) S
	sums    memo[*types.Func, S]
	funcs   []*types.Func // declared with a body, in source order; built on first use
}

// NewDerived returns the skeleton of a summary S (the zero S: nothing)
// computed by compute for the functions the package declares with a
// body, imported by imp for the functions of other packages.
func NewDerived[S comparable](pass *analysis.Pass, layer *Result, compute func(fn *types.Func, decl *ast.FuncDecl) S, imp func(fn *types.Func) S) *Derived[S] {
	return &Derived[S]{
		pass:    pass,
		layer:   layer,
		compute: compute,
		imp:     imp,
		sums:    newMemo[*types.Func, S](),
	}
}

// NewFactDerived is NewDerived for a summary that is one fact type F
// (a pointer to T): it is imported as that fact.
func NewFactDerived[T any, F interface {
	*T
	analysis.Fact
}](pass *analysis.Pass, layer *Result, compute func(fn *types.Func, decl *ast.FuncDecl) F) *Derived[F] {
	return NewDerived(pass, layer, compute, importFact[T, F](pass))
}

// importFact is the import callback of a summary that is one fact type F.
func importFact[T any, F interface {
	*T
	analysis.Fact
}](pass *analysis.Pass) func(fn *types.Func) F {
	return func(fn *types.Func) F {
		f := F(new(T))
		if pass.ImportObjectFact(fn, f) {
			return f
		}
		return nil
	}
}

// FactFields is a summary made of several facts of distinct types: it
// lists pointers to its fact fields (&s.fresh, &s.retries: each a pointer
// to a fact, nil when absent).
type FactFields interface {
	FactFields() []any
}

// NewFieldsDerived is NewDerived for a summary made of several facts
// (FactFields): each field is imported as its fact.
func NewFieldsDerived[T any, S interface {
	*T
	FactFields
}](pass *analysis.Pass, layer *Result, compute func(fn *types.Func, decl *ast.FuncDecl) S) *Derived[S] {
	return NewDerived(pass, layer, compute, func(fn *types.Func) S {
		s := S(new(T))
		found := false
		for _, p := range s.FactFields() {
			field := reflect.ValueOf(p).Elem()
			f := reflect.New(field.Type().Elem())
			if pass.ImportObjectFact(fn, f.Interface().(analysis.Fact)) {
				field.Set(f)
				found = true
			}
		}
		if !found {
			return nil
		}
		return s
	})
}

// NoFacts reports whether every fact field of s is nil (a computed summary
// that says nothing is returned as nil).
func NoFacts(s FactFields) bool {
	for _, p := range s.FactFields() {
		if !reflect.ValueOf(p).Elem().IsNil() {
			return false
		}
	}
	return true
}

// ExportFieldFacts exports, under Export's policy, the facts of a Derived
// whose summary is made of several (FactFields).
func ExportFieldFacts[S interface {
	comparable
	FactFields
}](d *Derived[S]) {
	d.Export(func(fn *types.Func, s S) {
		for _, p := range s.FactFields() {
			if f := reflect.ValueOf(p).Elem(); !f.IsNil() {
				d.pass.ExportObjectFact(fn, f.Interface().(analysis.Fact))
			}
		}
	})
}

// Of returns the summary of fn (its generic origin): computed once for a
// function the package declares with a body, imported for a function of
// another package; the zero S for the others (a bodiless declaration, an
// interface method: resolve the call with CallTargets) and while fn's own
// summary is being computed.
func (d *Derived[S]) Of(fn *types.Func) S {
	var zero S
	if fn == nil {
		return zero
	}
	return d.sums.get(fn.Origin(), func(fn *types.Func) S {
		if decl := d.Decl(fn); decl != nil {
			return d.compute(fn, decl)
		}
		if fn.Pkg() == nil || fn.Pkg() == d.pass.Pkg {
			return zero
		}
		return d.imp(fn)
	})
}

// Decl returns the declaration of fn when the package declares it with a
// body, or nil.
func (d *Derived[S]) Decl(fn *types.Func) *ast.FuncDecl {
	if d.layer != nil {
		return d.layer.Decl(fn)
	}
	return nil
}

// Funcs returns the functions the package declares with a body, in
// source order.
func (d *Derived[S]) Funcs() []*types.Func {
	if d.funcs == nil {
		d.funcs = []*types.Func{}
		for _, f := range d.pass.Files {
			for _, decl := range f.Decls {
				fd, ok := decl.(*ast.FuncDecl)
				if !ok || fd.Body == nil {
					continue
				}
				if fn, ok := d.pass.TypesInfo.Defs[fd.Name].(*types.Func); ok {
					d.funcs = append(d.funcs, fn)
				}
			}
		}
	}
	return d.funcs
}

// Export calls export, in source order, for every function whose summary
// another package may need (leavesPackage) and is not the zero S.
func (d *Derived[S]) Export(export func(fn *types.Func, s S)) {
	var zero S
	for _, fn := range d.Funcs() {
		if !leavesPackage(fn) {
			continue
		}
		if s := d.Of(fn); s != zero {
			export(fn, s)
		}
	}
}

// leavesPackage is the one export policy of Derived and SSADerived: it
// reports whether another package may need fn's summary. Exported
// functions do, and every method whatever its name (an exported-name
// method of an unexported type is called through the interfaces it
// implements; an unexported-name one satisfies an interface of the package
// that an embedding type of another package may carry). Unexported
// functions do not: no other package can name them, and the call layer
// resolves function values within the package that stores them.
func leavesPackage(fn *types.Func) bool {
	return fn.Exported() || fn.Signature().Recv() != nil
}

// ExportFacts exports, under Export's policy, the summaries of a Derived
// whose summary is one fact type.
func ExportFacts[F interface {
	comparable
	analysis.Fact
}](d *Derived[F]) {
	d.Export(func(fn *types.Func, f F) { d.pass.ExportObjectFact(fn, f) })
}

// A Reached is a target of a call or of a function value, with its
// summary (the zero S for a literal: its body is for the analyzer to look
// at, as the caller's).
type Reached[S comparable] struct {
	Target
	Sum S
}

// CallTargets returns the targets of call (Result.CallTargets) with their
// summaries.
func (d *Derived[S]) CallTargets(call *ast.CallExpr) []Reached[S] {
	return d.reached(d.layer.CallTargets(call))
}

// ValueTargets returns the functions the expression e may denote
// (Result.ValueTargets: a method value, a function value held in a local,
// field or map) with their summaries.
func (d *Derived[S]) ValueTargets(e ast.Expr) []Reached[S] {
	return d.reached(d.layer.ValueTargets(e))
}

func (d *Derived[S]) reached(ts []Target) []Reached[S] {
	out := make([]Reached[S], 0, len(ts))
	for _, t := range ts {
		r := Reached[S]{Target: t}
		if t.Func != nil {
			r.Sum = d.Of(t.Func)
		}
		out = append(out, r)
	}
	return out
}

// Every reports whether there is at least one target and has holds for
// each (the convention of Derived for an effect of a call).
func Every[S comparable](rs []Reached[S], has func(Reached[S]) bool) bool {
	for _, r := range rs {
		if !has(r) {
			return false
		}
	}
	return len(rs) > 0
}
