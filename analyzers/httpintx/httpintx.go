package httpintx

import (
	_ "embed"
	"go/ast"
	"go/token"

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
	Name:     "httpintx",
	Doc:      analysisdoc.MustExtractDoc(doc, "httpintx"),
	URL:      "https://github.com/idemlint/idemlint/blob/main/docs/httpintx.md",
	Run:      safe.Run(run),
	Requires: []*analysis.Analyzer{report.Analyzer, calls.Analyzer},
}

// relevance is the analyzer's gate: every finding starts at a
// transaction, whose type comes from a database library.
var relevance = gate.Gate{Libraries: func() []string { return apis.DBPaths }}

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
	for _, file := range pass.Files {
		ast.Inspect(file, func(n ast.Node) bool {
			switch n.(type) {
			case *ast.FuncDecl, *ast.FuncLit:
				for _, in := range c.calls.Regions(n) {
					c.report(in.Call, in.Tx)
				}
			}
			return true
		})
	}
	return nil, nil
}

// A checker holds the state of one pass.
type checker struct {
	pass     *analysis.Pass
	rep      *report.Reporter
	calls    *calls.Result
	reported map[token.Pos]bool
}
