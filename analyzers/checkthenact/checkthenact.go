package checkthenact

import (
	_ "embed"
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/internal/analysisdoc"
	"github.com/idemlint/idemlint/internal/apis"
	"github.com/idemlint/idemlint/internal/calls"
	"github.com/idemlint/idemlint/internal/gate"
	"github.com/idemlint/idemlint/internal/report"
	"github.com/idemlint/idemlint/internal/safe"
	"github.com/idemlint/idemlint/internal/schemakeys"
	"github.com/idemlint/idemlint/internal/sqlscan"
)

//go:embed doc.go
var doc string

// Analyzer reports idempotency checks that read a key and insert it later
// without a claim.
var Analyzer = &analysis.Analyzer{
	Name:      "checkthenact",
	Doc:       analysisdoc.MustExtractDoc(doc, "checkthenact"),
	URL:       "https://github.com/idemlint/idemlint/blob/main/docs/checkthenact.md",
	Run:       safe.Run(run),
	Requires:  []*analysis.Analyzer{report.Analyzer, calls.Analyzer},
	FactTypes: []analysis.Fact{new(KeyOps), new(Pending), new(Wired)},
}

// relevance is the analyzer's gate: every check and every insert is a
// call of a database library or of go-redis, made here or in a helper
// that carries a KeyOps fact, or of a port whose implementation the
// composition root wires (calls.Result.IsPort: the site is left pending).
// A method of an interface whose implementations are in sight (an AST's
// Node, a parser's listener) is no port. A helper whose fact carries only
// the ports it reaches admits no package: what the package could do with
// it (a port between a check and an insert) needs a check and an insert
// of its own, which open the gate.
var relevance = gate.Gate{
	Libraries: func() []string { return append(append([]string{}, apis.DBPaths...), apis.RedisPaths...) },
	UsesIn:    opensGate,
	Facts:     []analysis.Fact{new(Pending)},
	Named:     true, // every helper summary read is one of Facts
}

// opensGate reports whether a function the package refers to admits it:
// one with a KeyOps fact that says more than the ports it reaches, a port
// with parameters, or a method with parameters of a module interface
// whose implementation in an imported package carries such a fact.
func opensGate(pass *analysis.Pass, fn *types.Func) bool {
	if importedKeyOps(pass, fn) {
		return true
	}
	// A method without parameters cannot take the key of a check or an
	// insert: alone it can be no more than the work between them, which
	// needs a check and an insert that open the gate themselves. Asking
	// first spares the search for implementations (IsPort) on the many
	// accessor methods of generated code (ANTLR parse trees).
	if fn.Signature().Params().Len() == 0 {
		return false
	}
	c := pass.ResultOf[calls.Analyzer].(*calls.Result)
	if c.IsPort(fn) {
		return true
	}
	// A method of the module's own service interface whose implementation
	// in an imported package checks or inserts (a handler calling
	// services.IPaymentService.CountByOrderId, implemented over GORM in
	// the services package): the handler names no database library.
	if fn.Pkg() != nil && c.OwnModule(fn.Pkg()) {
		for _, impl := range c.Implementations(fn) { // nil unless fn is an interface method
			if importedKeyOps(pass, impl) {
				return true
			}
		}
	}
	return false
}

// importedKeyOps reports whether fn, of another package, carries a KeyOps
// fact that says more than the ports it reaches.
func importedKeyOps(pass *analysis.Pass, fn *types.Func) bool {
	if fn.Pkg() == nil || fn.Pkg() == pass.Pkg {
		return false
	}
	var f KeyOps
	return pass.ImportObjectFact(fn, &f) && !f.portsOnly()
}

func init() {
	Analyzer.Flags.Var(&calls.ExtraNetworkCalls, "network-calls", calls.ExtraNetworkCallsUsage)
}

func run(pass *analysis.Pass) (any, error) {
	// The standard library is described by the API tables, as in the
	// call layer.
	if apis.IsStdlib(pass.Pkg.Path()) || !relevance.Open(pass) {
		return nil, nil
	}
	c := &checker{
		pass:   pass,
		rep:    report.New(pass),
		calls:  pass.ResultOf[calls.Analyzer].(*calls.Result),
		params: make(map[*types.Var]int),
	}
	c.keyOps = calls.NewFactDerived(pass, c.calls, c.compute)
	c.indexParams()
	c.indexValues()
	calls.ExportFacts(c.keyOps)
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
				c.check(fd)
			}
		}
	}
	c.exportPending()
	c.completePending()
	return nil, nil
}

// A checker holds the state of one pass.
type checker struct {
	pass   *analysis.Pass
	rep    *report.Reporter
	calls  *calls.Result
	vals   values
	params map[*types.Var]int      // parameter → index; the receiver is -1
	keyOps *calls.Derived[*KeyOps] // the KeyOps summaries (compute)

	pubs, stmts *apis.Set // publish calls and database statements, built on first use

	localKeys []sqlscan.UniqueKey // ON CONFLICT targets of the package's own SQL
	schema    *schemakeys.Schema  // the module's SQL files, loaded on first use

	pending []PendingSite // the package's sites completed at the composition root (pending.go)
}

// indexParams indexes the parameters and receivers of the package's
// functions.
func (c *checker) indexParams() {
	for _, f := range c.pass.Files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok {
				continue
			}
			if fd.Recv != nil {
				for _, field := range fd.Recv.List {
					for _, n := range field.Names {
						if v, ok := c.pass.TypesInfo.Defs[n].(*types.Var); ok {
							c.params[v] = -1
						}
					}
				}
			}
			i := 0
			for _, field := range fd.Type.Params.List {
				if len(field.Names) == 0 {
					i++
				}
				for _, n := range field.Names {
					if v, ok := c.pass.TypesInfo.Defs[n].(*types.Var); ok {
						c.params[v] = i
					}
					i++
				}
			}
		}
	}
}

// moduleSchema returns the unique keys the module's SQL files declare.
func (c *checker) moduleSchema() *schemakeys.Schema {
	if c.schema == nil {
		c.schema = schemakeys.ForPass(c.pass)
	}
	return c.schema
}
