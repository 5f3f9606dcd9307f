package uuidinretry

import (
	_ "embed"
	"flag"
	"go/ast"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/idemlint/idemlint/internal/analysisdoc"
	"github.com/idemlint/idemlint/internal/apis"
	"github.com/idemlint/idemlint/internal/calls"
	"github.com/idemlint/idemlint/internal/config"
	"github.com/idemlint/idemlint/internal/consume"
	"github.com/idemlint/idemlint/internal/inbox"
	"github.com/idemlint/idemlint/internal/report"
	"github.com/idemlint/idemlint/internal/safe"
	"github.com/idemlint/idemlint/internal/schemakeys"
)

//go:embed doc.go
var doc string

// Analyzer reports identifiers made fresh on every retry attempt.
var Analyzer = &analysis.Analyzer{
	Name:      "uuidinretry",
	Doc:       analysisdoc.MustExtractDoc(doc, "uuidinretry"),
	URL:       "https://github.com/idemlint/idemlint/blob/main/docs/uuidinretry.md",
	Run:       safe.Run(run),
	Requires:  []*analysis.Analyzer{report.Analyzer, calls.Analyzer, inbox.Analyzer, consume.Analyzer}, // the inspector is built in run, where needed; consume: the project's consume loops (handedloops.go)
	FactTypes: []analysis.Fact{new(MakesFreshID), new(RetriesParam), new(SendsUnkeyedWrite)},
	Flags:     flags(),
}

// Extension lists, set by flags, .idemlint.yml or the golangci-lint settings.
var (
	extraGenerators config.FuncList
	extraRetryFuncs config.FuncList
)

func flags() flag.FlagSet {
	fs := flag.NewFlagSet("uuidinretry", flag.ContinueOnError)
	fs.Var(&extraGenerators, "generators", "extra identifier generators, comma-separated import/path.Func or import/path.Type.Method")
	fs.Var(&extraRetryFuncs, "retryfuncs", "extra retry functions whose first function-typed argument is the operation, comma-separated import/path.Func or import/path.Type.Method")
	return *fs
}

// checker holds the state of one pass.
type checker struct {
	pass        *analysis.Pass
	rep         *report.Reporter
	insp        *inspector.Inspector // built on first use: see inspector
	declCurs    []inspector.Cursor   // the files' top-level declarations, by position
	generators  *apis.Set
	retryFuncs  *apis.RetryFuncs
	sums        *calls.Derived[*funcInfo] // the package's summaries and the facts of others (computeSummary)
	retriesOnly bool                      // the gate is closed: only RetriesParam can arise
	reported    map[ast.Node]bool
	schema      *schemakeys.Schema // the module's unique keys, loaded on first use (stablekey.go)
}

func run(pass *analysis.Pass) (any, error) {
	c := &checker{
		pass:       pass,
		rep:        report.New(pass),
		generators: extraGenerators.AddTo(apis.IDGenerators()),
		retryFuncs: apis.DefaultRetryFuncs(),
		reported:   make(map[ast.Node]bool),
	}
	layer, _ := pass.ResultOf[calls.Analyzer].(*calls.Result)
	c.sums = calls.NewFieldsDerived(pass, layer, c.computeSummary)
	for _, f := range extraRetryFuncs.Funcs {
		c.retryFuncs.Add(f, -1)
	}
	if !relevance.Open(pass) {
		// No fresh identifier and no unkeyed write can come up here, so
		// neither findings nor MakesFreshID or SendsUnkeyedWrite facts;
		// RetriesParam needs no library and is still exported.
		c.retriesOnly = true
		calls.ExportFieldFacts(c.sums)
		return nil, nil
	}
	calls.ExportFieldFacts(c.sums)
	for cur := range c.inspector().Root().Preorder((*ast.CallExpr)(nil), (*ast.ForStmt)(nil), (*ast.RangeStmt)(nil)) {
		switch n := cur.Node().(type) {
		case *ast.CallExpr:
			c.checkRetryCall(cur, n)
			c.checkRecordIterCall(cur, n)
			c.checkRetryingClientWrite(cur, n)
			c.checkHandedLoop(cur, n)
		case *ast.ForStmt, *ast.RangeStmt:
			c.checkLoop(cur)
		}
	}
	c.checkHandlers()
	return nil, nil
}
