package httpintx

import (
	_ "embed"
	"go/ast"
	"go/token"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/internal/analysisdoc"
	"github.com/idemlint/idemlint/internal/apis"
	"github.com/idemlint/idemlint/internal/calls"
	"github.com/idemlint/idemlint/internal/gate"
	"github.com/idemlint/idemlint/internal/report"
	"github.com/idemlint/idemlint/internal/safe"
)

//go:embed doc.go
var doc string

// Analyzer reports network calls made while a database transaction is open.
var Analyzer = &analysis.Analyzer{
	Name:      "httpintx",
	Doc:       analysisdoc.MustExtractDoc(doc, "httpintx"),
	URL:       "https://github.com/idemlint/idemlint/blob/main/docs/httpintx.md",
	Run:       safe.Run(run),
	Requires:  []*analysis.Analyzer{report.Analyzer, calls.Analyzer},
	FactTypes: []analysis.Fact{new(ReadsOnly), new(RunsReadOnly), new(Pending), new(Wired)},
}

// relevance is the analyzer's gate: every finding starts at a
// transaction, whose type comes from a database library — or at a
// callback handed to a port whose implementation, out of sight, may run
// it in one (completed where the port is wired: pending.go).
var relevance = gate.Gate{
	Libraries: func() []string { return apis.DBPaths },
	Uses:      calls.TakesFunc,
}

func init() {
	Analyzer.Flags.Var(&calls.ExtraNetworkCalls, "network-calls", calls.ExtraNetworkCallsUsage)
}

// run is a query over the call layer: every call that reaches the network
// (through helpers, interfaces, function values and callbacks) among the
// calls a function evaluates while a transaction is open (its own begins,
// the transaction it receives, or the one a WithTx-style helper or
// pgx.BeginFunc runs it in).
func run(pass *analysis.Pass) (any, error) {
	if !relevance.Open(pass) {
		return nil, nil
	}
	c := &checker{
		pass:     pass,
		rep:      report.New(pass),
		calls:    pass.ResultOf[calls.Analyzer].(*calls.Result),
		reported: make(map[token.Pos]bool),
	}
	c.exportReadsOnly()
	c.exportRunsReadOnly()
	c.completePending()
	for _, file := range pass.Files {
		test := strings.HasSuffix(pass.Fset.File(file.Pos()).Name(), "_test.go")
		ast.Inspect(file, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncDecl:
				if !test {
					c.collectCallbackSites(n)
				}
				for _, in := range c.calls.Regions(n) {
					c.report(in.Call, in.Tx)
				}
			case *ast.FuncLit:
				for _, in := range c.calls.Regions(n) {
					c.report(in.Call, in.Tx)
				}
			}
			return true
		})
	}
	c.exportPending()
	return nil, nil
}

// A checker holds the state of one pass.
type checker struct {
	pass     *analysis.Pass
	rep      *report.Reporter
	calls    *calls.Result
	reported map[token.Pos]bool
	ro       *readOnlyState // read-only transactions and functions, built on first use
	pending  []PendingSite  // sites completed where the ports are wired (pending.go)
}
