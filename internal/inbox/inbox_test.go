package inbox_test

import (
	"go/ast"
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/idemlint/idemlint/internal/inbox"
)

// probe reports every inbox-gated function, so that tests can mark them.
var probe = &analysis.Analyzer{
	Name:     "inboxprobe",
	Doc:      "report inbox-gated units (test only)",
	Requires: []*analysis.Analyzer{inbox.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		res := pass.ResultOf[inbox.Analyzer].(*inbox.Result)
		for _, f := range pass.Files {
			ast.Inspect(f, func(n ast.Node) bool {
				if fd, ok := n.(*ast.FuncDecl); ok && res.Gated(fd.Body) {
					pass.Reportf(fd.Pos(), "inbox-gated")
				}
				return true
			})
		}
		return nil, nil
	},
}

func TestFacts(t *testing.T) {
	dir, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, inbox.Analyzer, "inbox/up")
}

func TestGated(t *testing.T) {
	dir, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, probe, "inbox/down")
}
