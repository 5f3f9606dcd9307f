package onconflict

import (
	_ "embed"

	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/internal/analysisdoc"
	"github.com/idemlint/idemlint/internal/apis"
	"github.com/idemlint/idemlint/internal/calls"
	"github.com/idemlint/idemlint/internal/config"
	"github.com/idemlint/idemlint/internal/gate"
	"github.com/idemlint/idemlint/internal/report"
	"github.com/idemlint/idemlint/internal/safe"
)

//go:embed doc.go
var doc string

// Analyzer reports ON CONFLICT DO NOTHING whose "no row" outcome is mishandled.
var Analyzer = &analysis.Analyzer{
	Name:      "onconflict",
	Doc:       analysisdoc.MustExtractDoc(doc, "onconflict"),
	URL:       "https://github.com/idemlint/idemlint/blob/main/docs/onconflict.md",
	Run:       safe.Run(run),
	Requires:  []*analysis.Analyzer{report.Analyzer, calls.Analyzer},
	FactTypes: []analysis.Fact{new(NoRowOnConflict), new(ChecksNoRows), new(Writes), new(IsNoRows), new(DiscardsInsertCount)},
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
	if !relevance.Open(pass) {
		return nil, nil
	}
	c := newChecker(pass)
	c.exportFacts()
	c.reportAll(report.New(pass))
	return nil, nil
}

// relevance is the analyzer's gate: the package can hold a finding or a
// fact if it reaches a database, Kafka or network library (or one that
// -writes, -norows-checks or -network-calls name), or it calls a
// DBTX-shaped interface method (SQL run through an interface the code
// declares), or a function of another package with an onconflict fact. A
// fact of a dependency built on a library means the library is within
// reach.
var relevance = gate.Gate{
	Libraries: func() []string {
		out := append(append(append([]string{}, apis.DBPaths...), apis.KafkaPaths...), apis.NetworkCallPaths()...)
		return append(append(append(out, calls.ExtraNetworkCalls.Paths()...), extraWrites.Paths()...), extraCheckers.Paths()...)
	},
	Uses:  apis.IsDBTXMethod,
	Facts: []analysis.Fact{new(NoRowOnConflict), new(ChecksNoRows), new(Writes), new(DiscardsInsertCount)},
	Named: true, // every helper summary read is one of Facts
}
