package main

import (
	"flag"
	"fmt"
	"go/types"
	"io"

	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/internal/apis"
	"github.com/idemlint/idemlint/internal/config"
)

// warnUnmatchedFuncs warns, on w, about each configured function name
// (-<analyzer>.<setting> or settings in .idemlint.yml) that names no
// function of the analysed packages or their imports: most likely a typo,
// which would otherwise silently match nothing. It is a warning, not an
// error: the package may just not be imported by the packages of this run.
func warnUnmatchedFuncs(w io.Writer, selected []*analysis.Analyzer, pkgs []*types.Package) {
	byPath := make(map[string][]*types.Package)
	seen := make(map[*types.Package]bool)
	var visit func(p *types.Package)
	visit = func(p *types.Package) {
		if p == nil || seen[p] {
			return
		}
		seen[p] = true
		norm := apis.NormPath(p.Path())
		byPath[norm] = append(byPath[norm], p)
		for _, imp := range p.Imports() {
			visit(imp)
		}
	}
	for _, p := range pkgs {
		visit(p)
	}
	for _, a := range selected {
		a.Flags.VisitAll(func(fl *flag.Flag) {
			list, ok := fl.Value.(*config.FuncList)
			if !ok {
				return
			}
			for _, f := range list.Funcs {
				if !funcExists(byPath[f.Path], f) {
					fmt.Fprintf(w, "idemlint: warning: %s.%s: %s names no function in the analysed packages or their imports\n", a.Name, fl.Name, f)
				}
			}
		})
	}
}

// funcExists reports whether one of the packages declares f.
func funcExists(pkgs []*types.Package, f apis.Func) bool {
	for _, p := range pkgs {
		if f.Recv == "" {
			if _, ok := p.Scope().Lookup(f.Name).(*types.Func); ok {
				return true
			}
			continue
		}
		tn, ok := p.Scope().Lookup(f.Recv).(*types.TypeName)
		if !ok {
			continue
		}
		for _, t := range []types.Type{tn.Type(), types.NewPointer(tn.Type())} {
			obj, _, _ := types.LookupFieldOrMethod(t, true, p, f.Name)
			if _, ok := obj.(*types.Func); ok {
				return true
			}
		}
	}
	return false
}
