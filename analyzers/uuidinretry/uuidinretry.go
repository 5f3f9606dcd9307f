package uuidinretry

import (
	_ "embed"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"

	"github.com/idemlint/idemlint/internal/analysisdoc"
)

//go:embed doc.go
var doc string

// Analyzer reports identifiers made fresh on every retry attempt.
var Analyzer = &analysis.Analyzer{
	Name:     "uuidinretry",
	Doc:      analysisdoc.MustExtractDoc(doc, "uuidinretry"),
	URL:      "https://github.com/idemlint/idemlint/blob/main/docs/uuidinretry.md",
	Run:      run,
	Requires: []*analysis.Analyzer{inspect.Analyzer},
}

func run(pass *analysis.Pass) (any, error) {
	return nil, nil
}
