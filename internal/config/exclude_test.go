package config

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/internal/report"
)

func TestExcluded(t *testing.T) {
	root := t.TempDir()
	f := &File{dir: root, Exclude: []string{
		"internal/legacy",
		"gen/*/models.go",
		"**/mocks/**",
		"*_gen.go",
		"testdata/",
		"./vendor/**",
		filepath.ToSlash(filepath.Join(root, "abs")) + "/**",
	}}
	if err := f.checkExclude(); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		file string
		want bool
	}{
		{"internal/legacy/pay.go", true},
		{"internal/legacy/deep/pay.go", true},
		{"internal/legacyx/pay.go", false},
		{"x/internal/legacy/pay.go", false}, // anchored at the config's directory
		{"gen/a/models.go", true},
		{"gen/a/b/models.go", false},
		{"gen/a/other.go", false},
		{"mocks/m.go", true},
		{"a/b/mocks/m.go", true},
		{"a/mocksx/m.go", false},
		{"pkg/foo_gen.go", true},
		{"foo_gen.go", true},
		{"pkg/foo.go", false},
		{"a/testdata/x.go", true},
		{"vendor/x/y.go", true},
		{"abs/q.go", true},
		{"main.go", false},
	} {
		if got := f.Excluded(filepath.Join(root, filepath.FromSlash(tc.file))); got != tc.want {
			t.Errorf("Excluded(%s) = %v, want %v", tc.file, got, tc.want)
		}
	}

	// Outside the config's directory only bare names and absolute patterns match.
	outside := filepath.Join(filepath.Dir(root), "elsewhere")
	if !f.Excluded(filepath.Join(outside, "x_gen.go")) {
		t.Error("a bare-name pattern should match outside the config's directory")
	}
	if f.Excluded(filepath.Join(outside, "internal", "legacy", "x.go")) {
		t.Error("a relative pattern matched outside the config's directory")
	}

	// Relative file names are taken from the working directory.
	t.Chdir(root)
	if !f.Excluded("internal/legacy/pay.go") || f.Excluded("main.go") {
		t.Error("relative file names are not resolved from the working directory")
	}

	// No patterns, no configuration: nothing is excluded.
	if (&File{}).Excluded("/a/b.go") || (*File)(nil).Excluded("/a/b.go") {
		t.Error("an empty configuration excluded a file")
	}
}

// Plugin settings have no file: relative patterns start at the working directory.
func TestExcludedNoFile(t *testing.T) {
	root := t.TempDir()
	t.Chdir(root)
	f := &File{Exclude: []string{"legacy/**"}}
	if !f.Excluded(filepath.Join(root, "legacy", "a.go")) || f.Excluded(filepath.Join(root, "a.go")) {
		t.Error("patterns of settings without a file are not relative to the working directory")
	}
}

// Apply with exclude returns the analyzers themselves (no copies) and
// sets report's exclusion, through which their findings in excluded files
// are dropped.
func TestApplyExcludeFilters(t *testing.T) {
	root := t.TempDir()
	fset := token.NewFileSet()
	parse := func(name string) *ast.File {
		f, err := parser.ParseFile(fset, filepath.Join(root, name), "package p\nvar X = 1\n", 0)
		if err != nil {
			t.Fatal(err)
		}
		return f
	}
	kept, dropped := parse("a.go"), parse("a_gen.go")
	files := []*ast.File{kept, dropped}

	orig := &analysis.Analyzer{Name: "fake", Doc: "fake: test", Requires: []*analysis.Analyzer{report.Analyzer}}
	orig.Run = func(pass *analysis.Pass) (any, error) {
		r := report.New(pass)
		for _, f := range pass.Files {
			r.Report(f.Name, "finding")
		}
		return "result", nil
	}
	cfg := &File{dir: root, Exclude: []string{"*_gen.go"}}
	got, err := cfg.Apply([]*analysis.Analyzer{orig})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { report.SetExclude(nil) })
	if len(got) != 1 || got[0] != orig {
		t.Fatalf("Apply returned %v, want fake itself", got)
	}
	pkg := types.NewPackage("p", "p")
	rres, err := report.Analyzer.Run(&analysis.Pass{Analyzer: report.Analyzer, Fset: fset, Files: files, Pkg: pkg})
	if err != nil {
		t.Fatal(err)
	}
	var reported []string
	pass := &analysis.Pass{
		Analyzer: orig,
		Fset:     fset,
		Files:    files,
		Pkg:      pkg,
		ResultOf: map[*analysis.Analyzer]any{report.Analyzer: rres},
		Report: func(d analysis.Diagnostic) {
			reported = append(reported, filepath.Base(fset.File(d.Pos).Name()))
		},
	}
	res, err := got[0].Run(pass)
	if err != nil || res != "result" {
		t.Fatalf("Run = %v, %v", res, err)
	}
	if len(reported) != 1 || reported[0] != "a.go" {
		t.Errorf("reported in %v, want only a.go", reported)
	}
}
