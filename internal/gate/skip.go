package gate

import (
	"go/types"
	"sync"
)

// Disabled turns every gate off: each analyzer then does its full work on
// every package, and no driver skips a package. The gates are exact when
// findings are the same either way; tests check that.
var Disabled bool

// skips holds, per package, the analyzers a driver decided to skip there.
var skips sync.Map // *types.Package → map[string]bool

// Skip records that the analyzer named analyzer does nothing on pkgs (a
// driver that knows every package it analyses found that their facts can
// serve no finding). It returns the function that forgets it, to call
// when the run ends. Packages are keyed by identity, so concurrent runs
// on different loads do not meet.
func Skip(analyzer string, pkgs ...*types.Package) (forget func()) {
	for _, p := range pkgs {
		m, _ := skips.LoadOrStore(p, new(sync.Map))
		m.(*sync.Map).Store(analyzer, true)
	}
	return func() {
		for _, p := range pkgs {
			if m, ok := skips.Load(p); ok {
				m.(*sync.Map).Delete(analyzer)
			}
		}
	}
}

// Skipped reports whether a driver decided to skip the analyzer on pkg.
func Skipped(analyzer string, pkg *types.Package) bool {
	if Disabled {
		return false
	}
	m, ok := skips.Load(pkg)
	if !ok {
		return false
	}
	_, ok = m.(*sync.Map).Load(analyzer)
	return ok
}
