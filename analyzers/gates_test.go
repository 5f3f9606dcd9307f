package analyzers_test

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/idemlint/idemlint/analyzers"
	"github.com/idemlint/idemlint/internal/driver"
	"github.com/idemlint/idemlint/internal/gate"
)

// The gates are exact: every analysistest package set of the analyzers'
// and fact analyzers' tests gives the same findings with the gates on and
// off (gate.Disabled: every analyzer does its full work everywhere).
func TestGatesTestdata(t *testing.T) {
	pkgs := loadTestdata(t)
	on := findings(t, analyzers.All(), pkgs)
	gate.Disabled = true
	defer func() { gate.Disabled = false }()
	off := findings(t, analyzers.All(), pkgs)
	if len(off) < 100 {
		t.Fatalf("only %d findings with the gates off: is the data loaded?", len(off))
	}
	diff(t, on, off)
}

// loadTestdata loads every analysistest package set of the analyzers' and
// fact analyzers' tests, with their tests.
func loadTestdata(t *testing.T) []*packages.Package {
	t.Helper()
	dir, err := filepath.Abs("../testdata")
	if err != nil {
		t.Fatal(err)
	}
	var patterns []string
	for _, name := range []string{"checkthenact", "ctxcancel", "dualwrite", "httpintx", "lossypublish", "offsetorder", "onconflict", "skipcommit", "uuidinretry", "calls", "noreturn", "inbox", "realworld"} {
		if _, err := os.Stat(filepath.Join(dir, "src", name)); err == nil {
			patterns = append(patterns, name+"/...")
		}
	}
	cfg := &packages.Config{
		Mode:  packages.LoadAllSyntax,
		Dir:   filepath.Join(dir, "src"),
		Tests: true,
		Env:   append(os.Environ(), "GOPATH="+dir, "GO111MODULE=off", "GOPROXY=off", "GOWORK=off"),
	}
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		t.Fatal(err)
	}
	if len(pkgs) < 50 {
		t.Fatalf("loaded only %d packages from %q", len(pkgs), patterns)
	}
	return pkgs
}

// findings runs as on pkgs with x/tools' checker and returns the findings,
// sorted and de-duplicated, as "file:line:col: analyzer: message" (for a
// bundle, whose messages carry the inner analyzer's name, as
// "file:line:col: message").
func findings(t *testing.T, as []*analysis.Analyzer, pkgs []*packages.Package) []string {
	t.Helper()
	graph, err := checker.Analyze(as, pkgs, nil)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for act := range graph.All() {
		if act.Err != nil {
			t.Errorf("%s on %s: %v", act.Analyzer.Name, act.Package.PkgPath, act.Err)
		}
		for _, d := range act.Diagnostics {
			if act.Analyzer.Name == bundleName {
				out = append(out, fmt.Sprintf("%s: %s", act.Package.Fset.Position(d.Pos), d.Message))
				continue
			}
			out = append(out, fmt.Sprintf("%s: %s: %s", act.Package.Fset.Position(d.Pos), act.Analyzer.Name, d.Message))
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// The examples and the realistic modules, through the standalone driver
// (pruning included), give the same findings with the gates on and off.
func TestGatesModules(t *testing.T) {
	if testing.Short() {
		t.Skip("loads three modules twice")
	}
	for _, mod := range []string{"../examples", "../testdata/realistic", "../testdata/realistic2"} {
		t.Run(filepath.Base(mod), func(t *testing.T) {
			dir, _ := filepath.Abs(mod)
			o := driver.Options{Dir: dir, Tests: true, MayReport: analyzers.MayReport}
			if mod != "../examples" { // modules of their own, outside go.work
				o.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod")
			}
			run := func() []string {
				res, err := driver.Run(o, analyzers.All(), []string{"./..."})
				if err != nil {
					t.Fatal(err)
				}
				for _, err := range res.Errors {
					t.Error(err)
				}
				var out []string
				for _, f := range res.Findings {
					out = append(out, fmt.Sprintf("%s: %s: %s", f.Posn, f.Analyzer.Name, f.Diag.Message))
				}
				return out
			}
			on := run()
			gate.Disabled = true
			defer func() { gate.Disabled = false }()
			off := run()
			if len(off) == 0 {
				t.Fatal("no findings with the gates off")
			}
			diff(t, on, off)
		})
	}
}

func diff(t *testing.T, on, off []string) {
	t.Helper()
	for _, s := range off {
		if !slices.Contains(on, s) {
			t.Errorf("found only with the gates off: %s", s)
		}
	}
	for _, s := range on {
		if !slices.Contains(off, s) {
			t.Errorf("found only with the gates on: %s", s)
		}
	}
}
