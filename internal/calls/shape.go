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
