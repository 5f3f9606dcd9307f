package onconflict

import (
	_ "embed"

	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/internal/analysisdoc"
	"github.com/idemlint/idemlint/internal/config"
	"github.com/idemlint/idemlint/internal/facts/netcall"
	"github.com/idemlint/idemlint/internal/report"
)

//go:embed doc.go
var doc string

// Analyzer reports ON CONFLICT DO NOTHING whose "no row" outcome is mishandled.
var Analyzer = &analysis.Analyzer{
	Name:      "onconflict",
	Doc:       analysisdoc.MustExtractDoc(doc, "onconflict"),
	URL:       "https://github.com/idemlint/idemlint/blob/main/docs/onconflict.md",
	Run:       run,
	Requires:  []*analysis.Analyzer{netcall.Analyzer},
	FactTypes: []analysis.Fact{new(NoRowOnConflict), new(ChecksNoRows), new(Writes)},
}

var (
	extraWrites   config.FuncList // -writes
	extraCheckers config.FuncList // -norows-checks
)

func init() {
	Analyzer.Flags.Var(&extraWrites, "writes", "comma-separated extra calls that count as a write after a dedup gate (import/path.Func or import/path.Type.Method)")
	Analyzer.Flags.Var(&extraCheckers, "norows-checks", "comma-separated extra functions whose first error argument is checked against ErrNoRows (import/path.Func or import/path.Type.Method)")
}

func run(pass *analysis.Pass) (any, error) {
	c := newChecker(pass)
	c.exportFacts()
	c.reportAll(report.New(pass))
	return nil, nil
}
