package netcall

import (
	"go/ast"
	"go/types"
)

// exportFacts computes the chain of every function and interface method
// of the package, in source order, and exports the non-empty ones.
func (r *Result) exportFacts() {
	for _, f := range r.pass.Files {
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				fn, ok := r.pass.TypesInfo.Defs[d.Name].(*types.Func)
				if ok && d.Body != nil {
					r.export(fn)
				}
			case *ast.GenDecl:
				for _, s := range d.Specs {
					ts, ok := s.(*ast.TypeSpec)
					if !ok {
						continue
					}
					tn, ok := r.pass.TypesInfo.Defs[ts.Name].(*types.TypeName)
					if !ok || tn.IsAlias() {
						continue
					}
					named, ok := tn.Type().(*types.Named)
					if !ok || named.TypeParams().Len() > 0 {
						continue
					}
					if iface, ok := named.Underlying().(*types.Interface); ok {
						for m := range iface.ExplicitMethods() {
							r.export(m)
						}
					}
				}
			}
		}
	}
}

func (r *Result) export(fn *types.Func) {
	if chain := r.below(fn); chain != nil {
		r.pass.ExportObjectFact(fn, &PerformsNetworkCall{Chain: chain})
	}
}
