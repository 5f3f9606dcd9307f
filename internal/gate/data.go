package gate

import (
	"go/types"
	"reflect"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/internal/apis"
)

// A Gate declares, as data, the packages in which an analyzer can find
// anything (a finding, or a fact it exports): those within reach of one
// of its libraries, those that use a function of one of its standard
// packages or one Uses accepts, and those that use a function of another
// package carrying one of its facts. An analyzer evaluates its Gate with
// Open before any real work; the gates-on/off differential test holds
// every Gate to giving the same findings as no gate at all.
type Gate struct {
	// Libraries returns the (normalized) import paths of the libraries
	// whose reach admits a package: the paths of the analyzer's API
	// tables and of the functions its flags add. It is called on every
	// Open, after the flags are set.
	Libraries func() []string
	// Std returns standard-library import paths: those are within every
	// package's reach, so a package is admitted only if it refers to a
	// function of one of them.
	Std func() []string
	// Funcs returns API tables (with what the flags add): a package that
	// refers to one of their functions is admitted. It is called once per
	// Open.
	Funcs func() []*apis.Set
	// Uses, when set, admits a package that refers to a function it
	// accepts (generic instances are given as their origin).
	Uses func(*types.Func) bool
	// UsesIn is Uses for a predicate that needs the pass: the package's
	// module or the call layer's view of it (a port of the module whose
	// implementation is out of sight, calls.Result.IsPort).
	UsesIn func(*analysis.Pass, *types.Func) bool
	// Facts admits a package that refers to a function of another package
	// carrying a fact of one of these types (the analyzer's own
	// FactTypes: a fact of a dependency means what made it is there), or
	// whose dependencies carry a package fact of one of them.
	Facts []analysis.Fact
	// Named makes Libraries admit a package only where its code names an
	// object of one of them (a function, method, type, variable or
	// constant: Names), not wherever one is within reach. It is right for
	// an analyzer whose every summary of a helper is one of its own Facts:
	// a package that names none of its libraries can only meet them
	// through such a helper (or a package fact, as a root completing its
	// dependencies' pending work meets them), which Facts admits. An
	// analyzer that reads another layer's summaries of helpers (the call
	// layer's effects) needs reach.
	Named bool
}

// Open reports whether pass's package passes the gate; always when
// Disabled.
func (g *Gate) Open(pass *analysis.Pass) bool {
	if Disabled {
		return true
	}
	if g.Libraries != nil {
		if g.Named && (Names(pass.TypesInfo, g.Libraries()...) || dependencyFact(pass, g.Facts)) ||
			!g.Named && Reaches(pass.Pkg, g.Libraries()...) {
			return true
		}
	}
	var std []string
	if g.Std != nil {
		std = g.Std()
	}
	var sets []*apis.Set
	if g.Funcs != nil {
		sets = g.Funcs()
	}
	if len(std) == 0 && len(sets) == 0 && g.Uses == nil && g.UsesIn == nil && len(g.Facts) == 0 {
		return false
	}
	return Uses(pass, func(fn *types.Func) bool {
		return len(std) > 0 && fn.Pkg() != nil && slices.Contains(std, apis.NormPath(fn.Pkg().Path())) ||
			slices.ContainsFunc(sets, func(s *apis.Set) bool { return s.Match(fn) }) ||
			g.Uses != nil && g.Uses(fn) ||
			g.UsesIn != nil && g.UsesIn(pass, fn)
	}, g.Facts...)
}

// MayReach reports whether pkg is within reach of one of the gate's
// libraries; always when Disabled. It needs no pass: a driver asks it
// before running anything.
func (g *Gate) MayReach(pkg *types.Package) bool {
	return Disabled || g.Libraries != nil && Reaches(pkg, g.Libraries()...)
}

// SplitStd splits import paths into those of the standard library (no
// dot in the first element) and the others.
func SplitStd(paths []string) (lib, std []string) {
	for _, p := range paths {
		if first, _, _ := strings.Cut(p, "/"); strings.Contains(first, ".") {
			lib = append(lib, p)
		} else {
			std = append(std, p)
		}
	}
	return lib, std
}

// dependencyFact reports whether a dependency of the package carries a
// package fact of one of the types of facts.
func dependencyFact(pass *analysis.Pass, facts []analysis.Fact) bool {
	if len(facts) == 0 {
		return false
	}
	for _, f := range pass.AllPackageFacts() {
		t := reflect.TypeOf(f.Fact)
		if f.Package != pass.Pkg && slices.ContainsFunc(facts, func(want analysis.Fact) bool { return reflect.TypeOf(want) == t }) {
			return true
		}
	}
	return false
}
