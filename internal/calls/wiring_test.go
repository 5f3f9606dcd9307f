package calls_test

import (
	"go/types"
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/idemlint/idemlint/internal/calls"
	"github.com/idemlint/idemlint/internal/funcname"
)

// wiringProbe reports, in each package, where it wires an implementation
// of port.Sender.Send that it can see into the use case's package.
var wiringProbe = &analysis.Analyzer{
	Name:     "wiringprobe",
	Doc:      "test probe of calls.VisibleImplementations and calls.WiringSite",
	Requires: []*analysis.Analyzer{calls.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		r := pass.ResultOf[calls.Analyzer].(*calls.Result)
		m := r.MethodByKey("wiring/port.Sender.Send")
		if m == nil || pass.Pkg.Path() == "wiring/port" {
			return nil, nil
		}
		if calls.MethodKey(m) != "wiring/port.Sender.Send" {
			pass.Reportf(pass.Files[0].Package, "MethodKey(%v) = %q", m, calls.MethodKey(m))
		}
		var uc *types.Package
		for _, imp := range pass.Pkg.Imports() {
			if imp.Path() == "wiring/usecase" {
				uc = imp
			}
		}
		for _, impl := range r.VisibleImplementations(m) {
			if !calls.Implements(impl, m) {
				pass.Reportf(pass.Files[0].Package, "Implements(%v) false for a visible implementation", impl)
			}
			if r.FuncChain(impl, calls.Net) == nil || uc == nil {
				continue
			}
			if at := r.WiringSite(uc, m, "", nil); at.IsValid() {
				pass.Reportf(at, "wiring: %s → %s", funcname.Code(m, pass.Pkg), funcname.Code(impl, pass.Pkg))
			}
		}
		return nil, nil
	},
}

func TestWiring(t *testing.T) {
	dir, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, wiringProbe, "wiring/...")
}

// TestImplementsNotAMethod checks the negative answers of Implements.
func TestImplementsNotAMethod(t *testing.T) {
	pkg := types.NewPackage("p", "p")
	sig := types.NewSignatureType(nil, nil, nil, nil, nil, false)
	fn := types.NewFunc(0, pkg, "Send", sig)
	if calls.Implements(fn, fn) || calls.Implements(nil, fn) || calls.MethodKey(fn) != "" {
		t.Fatal("a plain function implements nothing and has no method key")
	}
}
