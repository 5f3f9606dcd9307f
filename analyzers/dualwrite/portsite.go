package dualwrite

import (
	"go/ast"
	"go/types"

	"github.com/idemlint/idemlint/internal/relaymark"
)

// Ports declared in a package of their own. Clean-architecture code often
// keeps every interface in a domain package that both the use case and the
// adapters import (domain.EventStore, domain.Publisher), implemented in
// adapters the use case never imports and wired in cmd. No fact can be put
// on a method of another package, so the use case's package records the
// site on the function that makes the call, naming the method by its key
// (PendingSite.Method); the composition root that sees the fact and the
// implementations completes it as for an interface of the use case's own
// package, and reports where it hands the use case's package the
// implementation (calls.WiringSite on the caller's package).

// projectPort reports whether fn is a method of a named interface declared
// in another package of the same project (by import path root): not the
// standard library's or a library's, whose implementations are no
// adapter of the project.
func (c *checker) projectPort(fn *types.Func) bool {
	return fn.Pkg() != nil && fn.Pkg() != c.pass.Pkg && relaymark.SameRoot(fn.Pkg(), c.pass.Pkg)
}

// pendingMethod returns the interface method of a pending site recorded
// on obj, and the package whose wiring completes it: obj itself and its
// package, or for a port of another package (s.Method), that method and
// the calling function's package.
func (c *checker) pendingMethod(obj *types.Func, s PendingSite) (*types.Func, *types.Package) {
	if s.Method == "" {
		return obj, obj.Pkg()
	}
	return c.calls.MethodByKey(s.Method), obj.Pkg()
}

// declFunc returns the function decl declares, or nil.
func (c *checker) declFunc(decl *ast.FuncDecl) *types.Func {
	if decl == nil {
		return nil
	}
	fn, _ := c.pass.TypesInfo.Defs[decl.Name].(*types.Func)
	return fn
}
