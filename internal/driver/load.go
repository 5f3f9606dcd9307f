// Package driver is idemlint's standalone driver: it loads packages, runs
// the analyzers through golang.org/x/tools/go/analysis/checker and prints
// or fixes what they report.
//
// # Facts without loading the world
//
// The stock checker runs every fact-using analyzer on every dependency from
// source, the standard library included: on a 166k-line module that is ten
// times slower and uses ten times the memory of a run that type-checks only
// the module. idemlint's facts matter only for the code the run analyses
// (library APIs are tables in internal/apis), so the driver loads the
// module's own packages — those the patterns name and the module packages
// they import, plus any -facts-from packages — from source, takes every
// other dependency from export data, and cuts the import edges that leave
// that set before handing the packages to the checker. Facts then flow
// between the module's packages and never into third-party code.
//
// The stock behaviour stays available (Options.FullGraph) for debugging and
// for the differential test that holds the two modes to the same findings.
package driver

import (
	"fmt"
	"go/types"
	"maps"
	"path"
	"slices"
	"strings"

	"golang.org/x/tools/go/packages"
)

// Options configure a run.
type Options struct {
	Dir       string   // working directory ("" for the current one)
	Tests     bool     // also analyse test files
	FullGraph bool     // analyse every dependency from source (the stock checker's model)
	FactsFrom []string // import-path patterns of other modules to analyse for facts
	Env       []string // environment for the go command (nil: inherit)
	BuildTags string

	// MayReport, when set, tells for the analyzer of the given name
	// whether it can report in a package (nil: anywhere). The fast driver
	// then runs the analyzer only on the packages that can report and the
	// ones they import (see prune). The full-graph mode ignores it.
	MayReport func(analyzer string) func(*types.Package) bool
}

const loadMode = packages.NeedName | packages.NeedFiles | packages.NeedCompiledGoFiles |
	packages.NeedImports | packages.NeedTypes | packages.NeedTypesSizes | packages.NeedSyntax |
	packages.NeedTypesInfo | packages.NeedModule | packages.NeedForTest // ForTest: run.go prefers a package's own report to its test variant's

// A loaded set of packages: the ones to analyse, and which of them to report on.
type loaded struct {
	analyse   []*packages.Package
	requested map[string]bool // package IDs the user's patterns named
	errs      []error         // load and type errors of requested packages
}

func (o Options) config(mode packages.LoadMode) *packages.Config {
	cfg := &packages.Config{Mode: mode, Dir: o.Dir, Tests: o.Tests, Env: o.Env}
	if o.BuildTags != "" {
		cfg.BuildFlags = []string{"-tags=" + o.BuildTags}
	}
	return cfg
}

// load loads the packages named by patterns, and the module packages their
// facts need.
func load(o Options, patterns []string) (*loaded, error) {
	if len(patterns) == 0 {
		return nil, fmt.Errorf("no package patterns given (try ./...)")
	}
	for _, p := range patterns {
		if strings.TrimSpace(p) == "" {
			return nil, fmt.Errorf("empty package pattern")
		}
	}
	if o.FullGraph {
		return loadFullGraph(o, patterns)
	}
	first, err := packages.Load(o.config(loadMode), append(slices.Clone(patterns), o.FactsFrom...)...)
	if err != nil {
		return nil, err
	}
	if len(first) == 0 {
		return nil, fmt.Errorf("patterns %s matched no packages", strings.Join(patterns, " "))
	}
	requested := requestedIDs(first, o.FactsFrom)
	// Module packages that the roots import but the patterns did not name
	// must be analysed too, or their facts are missing: load again with them.
	if missing := missingLocal(first, o.FactsFrom); len(missing) > 0 {
		more := append(append(slices.Clone(patterns), o.FactsFrom...), missing...)
		if first, err = packages.Load(o.config(loadMode), more...); err != nil {
			return nil, err
		}
	}
	l := &loaded{requested: requested}
	roots := make(map[string]*packages.Package)
	for _, p := range first {
		if p.Name == "" && len(p.Errors) == 0 {
			continue
		}
		if strings.HasSuffix(p.ID, ".test") {
			continue // the generated test main
		}
		if len(p.Errors) > 0 || p.Types == nil {
			if requested[p.ID] {
				l.errs = append(l.errs, packageError(p))
			}
			continue
		}
		roots[p.ID] = p
	}
	// Cut the edges that leave the analysed set: the checker then runs
	// fact-using analyzers on these packages only.
	for _, p := range roots {
		kept := make(map[string]*packages.Package, len(p.Imports))
		for imp, dep := range p.Imports {
			if r, ok := roots[dep.ID]; ok {
				kept[imp] = r
			}
		}
		p.Imports = kept
		l.analyse = append(l.analyse, p)
	}
	slices.SortFunc(l.analyse, func(a, b *packages.Package) int { return strings.Compare(a.ID, b.ID) })
	return l, nil
}

// requestedIDs returns the IDs of the roots that the user's patterns named
// (not those that -facts-from alone brought in).
func requestedIDs(roots []*packages.Package, factsFrom []string) map[string]bool {
	ids := make(map[string]bool)
	for _, p := range roots {
		if len(factsFrom) > 0 && matchesAny(p.PkgPath, factsFrom) && !isMainModule(p) {
			continue
		}
		ids[p.ID] = true
	}
	return ids
}

// missingLocal returns the import paths of packages of the main modules (or
// matching factsFrom) that roots import, directly or not, but that are not
// roots themselves.
func missingLocal(roots []*packages.Package, factsFrom []string) []string {
	isRoot := make(map[string]bool)
	for _, p := range roots {
		isRoot[p.ID] = true
	}
	seen := make(map[string]bool)
	var missing []string
	var visit func(p *packages.Package)
	visit = func(p *packages.Package) {
		for _, dep := range p.Imports {
			if seen[dep.ID] {
				continue
			}
			seen[dep.ID] = true
			local := isMainModule(dep) || isDirReplaced(dep) || len(factsFrom) > 0 && matchesAny(dep.PkgPath, factsFrom)
			if !local {
				continue // third-party code: export data, no facts
			}
			if !isRoot[dep.ID] && !strings.Contains(dep.ID, " ") {
				missing = append(missing, dep.PkgPath)
			}
			visit(dep)
		}
	}
	for _, p := range roots {
		visit(p)
	}
	slices.Sort(missing)
	return slices.Compact(missing)
}

func isMainModule(p *packages.Package) bool {
	return p.Module != nil && p.Module.Main
}

// isDirReplaced reports whether p's module is replaced by a directory (a
// sibling module of a monorepo: replace example.com/kit => ../kit): the
// team's own code, analysed like the main module (gate.OutsidePackage
// says the same in every driver).
func isDirReplaced(p *packages.Package) bool {
	return p.Module != nil && p.Module.Replace != nil && p.Module.Replace.Version == ""
}

// matchesAny reports whether the import path matches one of the patterns
// (an import path, or a prefix followed by "/...").
func matchesAny(importPath string, patterns []string) bool {
	for _, pat := range patterns {
		if prefix, ok := strings.CutSuffix(pat, "/..."); ok {
			if importPath == prefix || strings.HasPrefix(importPath, prefix+"/") {
				return true
			}
			continue
		}
		if ok, _ := path.Match(pat, importPath); ok {
			return true
		}
	}
	return false
}

// loadFullGraph loads the patterns and every dependency from source.
func loadFullGraph(o Options, patterns []string) (*loaded, error) {
	pkgs, err := packages.Load(o.config(loadMode|packages.NeedDeps), patterns...)
	if err != nil {
		return nil, err
	}
	if len(pkgs) == 0 {
		return nil, fmt.Errorf("patterns %s matched no packages", strings.Join(patterns, " "))
	}
	l := &loaded{requested: make(map[string]bool)}
	for _, p := range pkgs {
		if strings.HasSuffix(p.ID, ".test") {
			continue
		}
		l.requested[p.ID] = true
		if len(p.Errors) > 0 || p.Types == nil {
			l.errs = append(l.errs, packageError(p))
			continue
		}
		l.analyse = append(l.analyse, p)
	}
	return l, nil
}

// packageError describes why a package could not be analysed, with its
// first errors.
func packageError(p *packages.Package) error {
	const max = 5
	var b strings.Builder
	name := p.PkgPath
	if name == "" {
		name = p.ID
	}
	if p.Name == "" {
		fmt.Fprintf(&b, "cannot load %s:", name)
	} else {
		fmt.Fprintf(&b, "package %s does not load or type-check:", name)
	}
	for i, e := range p.Errors {
		if i == max {
			fmt.Fprintf(&b, "\n\t... and %d more", len(p.Errors)-max)
			break
		}
		fmt.Fprintf(&b, "\n\t%s", e)
	}
	if len(p.Errors) == 0 {
		b.WriteString("\n\tno type information")
	}
	// An import that does not load shows in p.Errors only as "could not
	// import X (invalid package name: "")": say why X does not load.
	tidy := false
	for _, path := range slices.Sorted(maps.Keys(p.Imports)) {
		dep := p.Imports[path]
		if len(dep.Errors) == 0 {
			continue
		}
		first, _, _ := strings.Cut(dep.Errors[0].Msg, "\n")
		fmt.Fprintf(&b, "\n\timport %s: %s", path, strings.TrimSuffix(first, "; to add:"))
		for _, e := range dep.Errors {
			if strings.Contains(e.Msg, "missing go.sum entry") || strings.Contains(e.Msg, "no required module provides") || strings.Contains(e.Msg, "updates to go.mod needed") {
				tidy = true
			}
		}
	}
	for _, e := range p.Errors {
		if strings.Contains(e.Msg, "missing go.sum entry") || strings.Contains(e.Msg, "updates to go.mod needed") {
			tidy = true
		}
	}
	if tidy {
		b.WriteString("\n\tthe module's go.mod or go.sum is incomplete: run go mod tidy in it")
	}
	return fmt.Errorf("%s", b.String())
}
