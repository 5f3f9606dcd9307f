// Package gate answers, cheaply and before any real work, whether an
// analyzer can find anything in a package: whether a library it knows is
// within the package's reach, and whether the package refers to a function
// of another package that carries one of its facts.
//
// STYLE.md: "return early only if neither the API nor a fact-bearing
// import is present". A package can only call a library whose package it
// imports, directly or through the packages it imports (a helper may
// return a pgx.Tx to a package that never imports pgx), and every fact a
// dependency exports was derived from a library call within that
// dependency's own reach, so a package whose reach holds none of an
// analyzer's libraries produces neither findings nor facts that depend on
// them. Gates built from Reaches are therefore exact, provided the path
// list holds every library the analyzer's tables and flags name. Facts
// that need no library (a context.WithoutCancel helper, a hand-written
// retry loop) are gated with Uses and UsesFact instead.
package gate

import (
	"go/types"
	"reflect"

	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/internal/apis"
)

// Reaches reports whether pkg, or a package it imports directly or
// indirectly, lies at or under one of paths (normalized import paths, as
// in the internal/apis tables).
//
// The walk follows types.Package.Imports: for a package type-checked from
// source those are its imports; for one read from export data they are
// every package its export data mentions, so every type the package can
// name is within the walk.
func Reaches(pkg *types.Package, paths ...string) bool {
	if pkg == nil || len(paths) == 0 {
		return false
	}
	reach := reachOf(pkg)
	for _, p := range paths {
		if reach[p] {
			return true
		}
	}
	return false
}

// Names reports whether the code info describes names an object (a
// function, method, field, type, variable or constant) of a package at or
// under one of paths. A method of a library type counts wherever the
// code calls it, even through a value it got from a helper, and so does
// a field or method promoted from an embedded library type.
func Names(info *types.Info, paths ...string) bool {
	if info == nil || len(paths) == 0 {
		return false
	}
	named := namedOf(info)
	for _, p := range paths {
		if named[p] {
			return true
		}
	}
	return false
}

// Paths returns the import paths of the functions of the sets, for Reaches.
func Paths(sets ...*apis.Set) []string {
	var out []string
	for _, s := range sets {
		out = append(out, s.Paths()...)
	}
	return out
}

// Uses reports whether the package refers to a function (or method) that
// pred accepts (pred may be nil), or to a function of another package that
// carries a fact of one of the given types (which must be among
// pass.Analyzer's fact types). Generic instances are given as their origin.
// It is one pass over the package's uses.
func Uses(pass *analysis.Pass, pred func(*types.Func) bool, facts ...analysis.Fact) bool {
	if pred == nil && len(facts) == 0 {
		return false
	}
	// Facts are looked up for the functions the package uses (a map
	// lookup each), not by listing every fact of every dependency
	// (AllObjectFacts), which costs as much on each package as the
	// dependencies have facts.
	fresh := make([]analysis.Fact, len(facts)) // one of each type, written over by each lookup
	for i, f := range facts {
		fresh[i] = reflect.New(reflect.TypeOf(f).Elem()).Interface().(analysis.Fact)
	}
	for _, fn := range usesOf(pass.TypesInfo) {
		if pred != nil && pred(fn) {
			return true
		}
		if fn.Pkg() == nil || fn.Pkg() == pass.Pkg {
			continue
		}
		for _, f := range fresh {
			if pass.ImportObjectFact(fn, f) {
				return true
			}
		}
	}
	return false
}
