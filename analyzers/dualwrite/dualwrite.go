package dualwrite

import (
	_ "embed"
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/cfg"

	"github.com/idemlint/idemlint/internal/analysisdoc"
	"github.com/idemlint/idemlint/internal/apis"
	"github.com/idemlint/idemlint/internal/calls"
	"github.com/idemlint/idemlint/internal/gate"
	"github.com/idemlint/idemlint/internal/noreturn"
	"github.com/idemlint/idemlint/internal/report"
	"github.com/idemlint/idemlint/internal/safe"
	"github.com/idemlint/idemlint/internal/ssabuild"
)

//go:embed doc.go
var doc string

// Analyzer reports operations that write to the database and publish to a
// broker directly, without an outbox.
var Analyzer = &analysis.Analyzer{
	Name:      "dualwrite",
	Doc:       analysisdoc.MustExtractDoc(doc, "dualwrite"),
	URL:       "https://github.com/idemlint/idemlint/blob/main/docs/dualwrite.md",
	Run:       safe.Run(run),
	Requires:  []*analysis.Analyzer{report.Analyzer, noreturn.Analyzer, calls.Analyzer, ssabuild.Analyzer}, // ssabuild: built only for an event bus (registered.go)
	FactTypes: []analysis.Fact{new(Pending), new(PendingPorts), new(Wired), new(KeepsHandler), new(Registered)},
}

// relevance is the analyzer's gate: every finding ties a publish to a
// write, so a broker client or a database library is within the
// package's reach (directly, or through a helper of a dependency), or the
// package calls a publish-like method of a project interface (a use case
// whose both sides are ports, completed where they are wired: pending.go).
var relevance = gate.Gate{
	Libraries: func() []string { return append(append([]string{}, apis.BrokerPublishPaths()...), apis.DBPaths...) },
	Uses:      calls.PublishLike,
	Facts:     []analysis.Fact{new(Pending)},
}

// MayReport reports whether the analyzer can report in pkg (the gate,
// asked without a pass).
func MayReport(pkg *types.Package) bool { return relevance.MayReach(pkg) }

// run is a query over the call layer: in each function (declaration or
// literal), the calls that publish and the calls that write, through
// helpers, interfaces, function values and callbacks, ordered by the
// function's control flow and placed in its transactions.
func run(pass *analysis.Pass) (any, error) {
	if !relevance.Open(pass) {
		return nil, nil
	}
	c := &checker{
		pass:  pass,
		rep:   report.New(pass),
		calls: pass.ResultOf[calls.Analyzer].(*calls.Result),
		nr:    pass.ResultOf[noreturn.Analyzer].(*noreturn.Result),
		kept:  make(map[*types.Func]*KeepsHandler),
	}
	c.exportKeptHandlers()
	c.reportPending()
	for _, file := range pass.Files {
		if strings.HasSuffix(pass.Fset.File(file.Pos()).Name(), "_test.go") {
			continue // tests write fixtures and publish to test brokers
		}
		var decl *ast.FuncDecl
		ast.Inspect(file, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncDecl:
				decl = n
				if n.Body != nil {
					c.checkFunc(n, decl, n.Type, n.Body)
				}
			case *ast.FuncLit:
				c.checkFunc(n, decl, n.Type, n.Body)
			}
			return true
		})
	}
	c.exportPending()
	c.exportRegistered()
	return nil, nil
}

// A checker holds the state of one pass.
type checker struct {
	pass  *analysis.Pass
	rep   *report.Reporter
	calls *calls.Result
	nr    *noreturn.Result
	pend  map[*types.Func]*Pending      // sites left pending, by interface method
	kept  map[*types.Func]*KeepsHandler // the package's methods keeping a handler (registered.go)
	regs  []Registration                // registrations here and in dependencies, on first use
}

// An event is a call that writes or publishes, evaluated by the function
// itself (not in a goroutine, a deferred call or a literal it only declares).
type event struct {
	call  *ast.CallExpr
	kind  calls.Effect // calls.Write or calls.Publish
	chain []string
	tx    *calls.Tx // the transaction open when it runs; nil: none
	// pending is the interface method the call makes when no
	// implementation is in sight: its effect is known only where one is
	// (see pending.go).
	pending *types.Func
	// via is the port whose function argument viaParam holds the call
	// (repo.WithTx(ctx, func(tx) error { repo.Update(...) })): the call
	// runs when via's implementation runs that argument (callbackports.go).
	via      *types.Func
	viaParam int
	// helpers are the package's helpers through which the call reaches
	// the pending port call (calls.CallPorts), outermost first.
	helpers []string
}

// name returns how messages name the function: its declaration's name,
// qualified unless it belongs to from.
func (c *checker) name(decl *ast.FuncDecl, fn ast.Node, from *types.Package) string {
	if decl == nil {
		return "a function literal"
	}
	s := decl.Name.Name
	if obj, ok := c.pass.TypesInfo.Defs[decl.Name].(*types.Func); ok {
		s = funcName(obj, from)
	}
	if _, lit := fn.(*ast.FuncLit); lit {
		return "a function literal in " + s
	}
	return s
}

func pos(e *event) token.Pos { return e.call.Pos() }

// cfg returns the control-flow graph of a function declaration or literal.
func (c *checker) cfg(fn ast.Node) *cfg.CFG {
	switch fn := fn.(type) {
	case *ast.FuncDecl:
		return c.nr.FuncDecl(fn)
	case *ast.FuncLit:
		return c.nr.FuncLit(fn)
	}
	return nil
}
