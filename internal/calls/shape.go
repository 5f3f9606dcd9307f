package calls

import (
	"go/types"

	"github.com/idemlint/idemlint/internal/apis"
)

// shapeMirror returns the library call of set that the interface method m
// stands for by its shape (apis.Shape: a generated gRPC client's method
// stands for grpc.ClientConnInterface.Invoke, which its generated
// implementation calls), or nil. Like mirror, of which it is the last
// resort, it serves a method with no implementation in sight, and only a
// library within the package's reach is looked at.
func (r *Result) shapeMirror(m *types.Func, set *apis.Set) *types.Func {
	f, ok := set.MatchShape(m)
	if !ok || f.Recv == "" {
		return nil
	}
	pkg := r.lib(f.Path)
	if pkg == nil {
		return nil
	}
	tn, ok := pkg.Scope().Lookup(f.Recv).(*types.TypeName)
	if !ok {
		return nil
	}
	t := tn.Type()
	if !types.IsInterface(t) {
		t = types.NewPointer(t)
	}
	obj, _, _ := types.LookupFieldOrMethod(t, false, pkg, f.Name)
	lib, _ := obj.(*types.Func)
	return lib
}

// withoutGenerated returns the implementations of the interface method m
// less those whose bodies the analysis has not seen, when m stands for a
// library call by its shape (a generated gRPC client interface): the
// unexported implementation protoc-gen-go-grpc writes beside the interface
// is in sight from export data (a sibling module, a published client) or
// in a tabled library (grpc's health client), but has no summary, and
// would otherwise hide the call the shape says it makes. An
// implementation type-checked from source, or one whose summary is known
// (a fact from a driver that analysed its package), keeps its own.
func (r *Result) withoutGenerated(m *types.Func, impls []*types.Func) []*types.Func {
	if len(impls) == 0 || !r.hasShape(m) {
		return impls
	}
	out := impls[:0:0]
	for _, fn := range impls {
		if r.unseen(fn) && r.summary(fn) == nil {
			continue
		}
		out = append(out, fn)
	}
	return out
}

// unseen reports whether the body of fn is out of the analysis: its
// package was loaded from export data (an imported function has no
// scope), or is a tabled library, which has no summaries.
func (r *Result) unseen(fn *types.Func) bool {
	fn = fn.Origin()
	return fn.Pkg() != r.pass.Pkg && (fn.Scope() == nil || fn.Pkg() != nil && tableLibrary(fn.Pkg().Path()))
}

// tabledShape returns the summary of a tabled library's interface method
// that stands for a library call by its shape (grpc_health_v1.HealthClient.
// Check), resolved like any interface method, or nil: the tables describe
// the rest of those libraries.
func (r *Result) tabledShape(m *types.Func) *Summary {
	if r.std || !isInterfaceMethod(m) || !r.hasShape(m) {
		return nil
	}
	return r.interfaceSummary(m)
}

// hasShape reports whether m stands for a library call of an effect's
// table by its shape.
func (r *Result) hasShape(m *types.Func) bool {
	for _, set := range r.sets {
		if set.HasShape(m) {
			return true
		}
	}
	return false
}
