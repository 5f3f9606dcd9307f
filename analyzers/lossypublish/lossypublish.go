package lossypublish

import (
	_ "embed"
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/internal/analysisdoc"
	"github.com/idemlint/idemlint/internal/apis"
	"github.com/idemlint/idemlint/internal/calls"
	"github.com/idemlint/idemlint/internal/gate"
	"github.com/idemlint/idemlint/internal/relaymark"
	"github.com/idemlint/idemlint/internal/report"
	"github.com/idemlint/idemlint/internal/safe"
)

//go:embed doc.go
var doc string

// Analyzer reports outbox relays that mark rows published after a publish
// that cannot report a loss.
var Analyzer = &analysis.Analyzer{
	Name:      "lossypublish",
	Doc:       analysisdoc.MustExtractDoc(doc, "lossypublish"),
	URL:       "https://github.com/idemlint/idemlint/blob/main/docs/lossypublish.md",
	Run:       safe.Run(run),
	Requires:  []*analysis.Analyzer{report.Analyzer, calls.Analyzer},
	FactTypes: []analysis.Fact{new(Publishes), new(RelayPending), new(Wired), new(HeldPublish), new(ChannelOrigin), new(BuildsWriter)},
}

// relevance is the analyzer's gate: every finding starts at a producer of
// one of the broker clients, or at a function of another package that
// publishes through one (a Publishes fact); a relay whose publisher is
// implemented out of sight calls a publish-like method of its own
// interface (pending.go).
var relevance = gate.Gate{
	Libraries: func() []string { return apis.LossyPublishPaths },
	Uses:      func(fn *types.Func) bool { return calls.PublishLike(fn) || relaymark.NamedMark(fn) },
	Facts:     []analysis.Fact{new(Publishes), new(RelayPending), new(HeldPublish), new(ChannelOrigin), new(BuildsWriter)},
}

// A checker holds the state of one pass.
type checker struct {
	pass  *analysis.Pass
	rep   *report.Reporter
	calls *calls.Result

	copies   map[*types.Var]ast.Expr        // locals defined once from a field
	callDefs map[*types.Var]*ast.CallExpr   // locals assigned once from a call
	varying  map[*types.Var]bool            // writer fields whose constructors disagree (ctorwriter.go)
	builds   map[*types.Func]*BuildsWriter  // their constructors' writers
	prods    map[types.Object]*producer     // variables and fields holding a producer
	built    map[ast.Expr]*producer         // literals and calls building one
	results  map[*types.Func]*producer      // constructors returning one
	pubs     *calls.Derived[*Publishes]     // what a call of a function publishes (computeSummary)
	held     *calls.Derived[*HeldPublish]   // a publish on a channel a field holds, configured elsewhere (held.go)
	opened   *calls.Derived[*ChannelOrigin] // the channel a function returns, opened in its package (held.go)
	brokers  bool                           // a broker client (AMQP) is within the package's reach
	sites    map[*types.Func]*site          // the site a summary comes from
	litSites map[*ast.FuncLit]*site         // what a function literal a call may run publishes (litsite.go)
	pending  map[*types.Func]*RelayPending  // relay sites completed elsewhere

	marks    *relaymark.Finder
	reported map[token.Pos]bool
}

func run(pass *analysis.Pass) (any, error) {
	if !relevance.Open(pass) {
		return nil, nil
	}
	c := &checker{
		pass:     pass,
		rep:      report.New(pass),
		calls:    pass.ResultOf[calls.Analyzer].(*calls.Result),
		copies:   make(map[*types.Var]ast.Expr),
		callDefs: make(map[*types.Var]*ast.CallExpr),
		varying:  make(map[*types.Var]bool),
		builds:   make(map[*types.Func]*BuildsWriter),
		prods:    make(map[types.Object]*producer),
		built:    make(map[ast.Expr]*producer),
		results:  make(map[*types.Func]*producer),
		sites:    make(map[*types.Func]*site),
		pending:  make(map[*types.Func]*RelayPending),
		marks:    relaymark.New(pass.Pkg, pass.TypesInfo, pass.Files),
		reported: make(map[token.Pos]bool),
	}
	c.pubs = calls.NewFactDerived(pass, c.calls, c.computeSummary)
	c.held = calls.NewFactDerived(pass, c.calls, c.computeHeld)
	c.opened = calls.NewFactDerived(pass, c.calls, c.computeOpened)
	c.brokers = gate.Disabled || gate.Reaches(pass.Pkg, apis.BrokerPaths...)
	c.collectCopies()
	c.collectProducers()
	c.collectVaryingWriters()
	for _, file := range pass.Files {
		ast.Inspect(file, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncDecl:
				if n.Body != nil {
					c.checkRelay(n.Body)
				}
			case *ast.FuncLit:
				c.checkRelay(n.Body)
			}
			return true
		})
	}
	c.checkLibraryPublishers()
	c.completePending()
	calls.ExportFacts(c.pubs)
	calls.ExportFacts(c.held)
	c.exportOrigins()
	c.exportBuilds()
	c.exportPending()
	return nil, nil
}
