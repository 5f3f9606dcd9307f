// Package ssabuild builds the SSA form of the package an analysis pass
// examines, on demand.
//
// Build does what golang.org/x/tools/go/analysis/passes/buildssa (v0.52.0)
// does, a few lines copied from it, but only when asked: buildssa builds
// SSA for every package, where nothing can be found too — on a real module
// that was a fifth of idemlint's time. Analyzer (shared.go) hands the
// analyzers that need SSA one lazy build per package, made when the first
// of them asks, after its cheap checks say the package is worth it.
package ssabuild

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
)

// SSA is what buildssa.SSA holds: the package and its source functions,
// literals included, in source order — and, unlike buildssa, the literals
// of package-level variable initializers, last.
type SSA struct {
	Pkg      *ssa.Package
	SrcFuncs []*ssa.Function
}

// Build builds the SSA of pass's package. noReturn (from
// internal/noreturn, or nil) tells which calls never return, as buildssa
// takes it from ctrlflow; it improves the CFG the same way.
func Build(pass *analysis.Pass, noReturn func(*types.Func) bool) *SSA {
	prog := ssa.NewProgram(pass.Fset, ssa.BuilderMode(0))
	if noReturn != nil {
		prog.SetNoReturn(noReturn)
	}
	// Create SSA packages for direct imports.
	for _, p := range pass.Pkg.Imports() {
		prog.CreatePackage(p, nil, nil, true)
	}
	// Create and build the primary package.
	ssapkg := prog.CreatePackage(pass.Pkg, pass.Files, pass.TypesInfo, false)
	ssapkg.Build()

	// Source functions, literals included, in source order.
	var funcs []*ssa.Function
	var addAnons func(f *ssa.Function)
	addAnons = func(f *ssa.Function) {
		funcs = append(funcs, f)
		for _, anon := range f.AnonFuncs {
			addAnons(anon)
		}
	}
	for _, file := range pass.Files {
		for _, decl := range file.Decls {
			decl, ok := decl.(*ast.FuncDecl)
			if !ok {
				continue
			}
			fn, ok := pass.TypesInfo.Defs[decl.Name].(*types.Func)
			if !ok {
				continue
			}
			if f := prog.FuncValue(fn); f != nil {
				addAnons(f)
			}
		}
	}
	// Function literals in package-level variable initializers (a cobra
	// command's Run: func(...) {...}) belong to the package's synthetic
	// initializer, which no declaration names.
	if init := ssapkg.Func("init"); init != nil && init.Synthetic != "" {
		for _, anon := range init.AnonFuncs {
			addAnons(anon)
		}
	}
	return &SSA{Pkg: ssapkg, SrcFuncs: funcs}
}
