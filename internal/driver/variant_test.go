package driver_test

import (
	"slices"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/internal/driver"
)

// wordingProbe reports the package's first function and words the report
// by how many files the pass sees, as an analyzer whose chain goes
// through a test double words the same finding differently in a
// package's test variant.
var wordingProbe = &analysis.Analyzer{
	Name: "wordingprobe",
	Doc:  "test probe: one report per package, worded by its file count",
	Run: func(pass *analysis.Pass) (any, error) {
		for _, f := range pass.Files {
			if name := pass.Fset.Position(f.Pos()).Filename; len(name) > 8 && name[len(name)-8:] == "_test.go" {
				continue
			}
			for _, d := range f.Decls {
				pass.Reportf(d.Pos(), "seen with %d files", len(pass.Files))
				return nil, nil
			}
		}
		return nil, nil
	},
}

// TestTestVariantWording checks that a finding a package and its test
// variant both make, worded differently, is reported once, in the
// package's own words (p); a package without a test variant is untouched
// (r: its only test is an external test package).
func TestTestVariantWording(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"m/go.mod":      "module example.com/m\n\ngo 1.26\n",
		"m/p/p.go":      "package p\n\nfunc F() {}\n",
		"m/p/p_test.go": "package p\n\nfunc helper() {}\n",
		"m/r/r.go":      "package r\n\nfunc H() {}\n",
		"m/r/r_test.go": "package r_test\n\nfunc helper() {}\n",
		"m/r/r_more.go": "package r\n",
	})
	res := run(t, driver.Options{Dir: dir + "/m", Tests: true}, []*analysis.Analyzer{wordingProbe}, "./p", "./r")
	got := summary(dir+"/m", res)
	want := []string{
		"p/p.go:3 wordingprobe: seen with 1 files",
		"r/r.go:3 wordingprobe: seen with 2 files",
	}
	if !slices.Equal(got, want) {
		t.Errorf("findings:\n got %q\nwant %q", got, want)
	}
}
