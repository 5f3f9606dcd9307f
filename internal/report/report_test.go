package report_test

import (
	"go/ast"
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/idemlint/idemlint/internal/report"
	"github.com/idemlint/idemlint/internal/safe"
)

// fake reports every call of a function named bad once, and every call of
// dup twice (the Reporter must show it once).
var fake = &analysis.Analyzer{
	Name:     "fake",
	Doc:      "fake: report calls of bad",
	Requires: []*analysis.Analyzer{report.Analyzer},
	Run: safe.Run(func(pass *analysis.Pass) (any, error) {
		r := report.New(pass)
		for _, f := range pass.Files {
			ast.Inspect(f, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok {
					return true
				}
				switch id, _ := call.Fun.(*ast.Ident); {
				case id != nil && id.Name == "bad":
					r.Report(call, "finding")
				case id != nil && id.Name == "dup":
					r.Report(call, "finding")
					r.Report(call, "finding")
				}
				return true
			})
		}
		return nil, nil
	}),
}

// Directives: silenced findings, and the reasonless, stale, unknown and
// misspelled directives each reported once, under the analyzer concerned.
func TestDirectives(t *testing.T) {
	report.SetAnalyzers("other", "fake")
	t.Cleanup(func() { report.SetAnalyzers() })
	dir, _ := filepath.Abs("testdata")
	analysistest.Run(t, dir, fake, "directives", "generated")
}
