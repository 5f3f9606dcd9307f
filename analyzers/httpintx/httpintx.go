package httpintx

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/cfg"

	"github.com/idemlint/idemlint/internal/analysisdoc"
	"github.com/idemlint/idemlint/internal/apis"
	"github.com/idemlint/idemlint/internal/facts/netcall"
	"github.com/idemlint/idemlint/internal/gate"
	"github.com/idemlint/idemlint/internal/noreturn"
	"github.com/idemlint/idemlint/internal/report"
)

//go:embed doc.go
var doc string

// Analyzer reports network calls made while a database transaction is open.
var Analyzer = &analysis.Analyzer{
	Name:      "httpintx",
	Doc:       analysisdoc.MustExtractDoc(doc, "httpintx"),
	URL:       "https://github.com/idemlint/idemlint/blob/main/docs/httpintx.md",
	Run:       run,
	Requires:  []*analysis.Analyzer{noreturn.Analyzer, netcall.Analyzer}, // CFGs are built in run, where a transaction can be
	FactTypes: []analysis.Fact{new(RunsInTx), new(EndsTx), new(BeginsTx), new(ReadsOnly)},
}

func init() {
	Analyzer.Flags.Var(&netcall.ExtraCalls, "network-calls", netcall.ExtraCallsUsage)
}

func run(pass *analysis.Pass) (_ any, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("httpintx: internal error on package %s: %v", pass.Pkg.Path(), p)
		}
	}()
	rep := report.New(pass) // before any early return: it reports directives without a reason
	// Every finding and every RunsInTx fact starts at a transaction, whose
	// type comes from a database library; a RunsInTx fact of a dependency
	// means that library is within that dependency's reach, hence ours.
	if !gate.Reaches(pass.Pkg, apis.DBPaths...) {
		return nil, nil
	}
	c := newChecker(pass, rep)
	c.exportFacts()
	c.exportReadsOnly()
	for _, file := range pass.Files {
		ast.Inspect(file, func(n ast.Node) bool {
			if f, ok := c.function(n); ok {
				c.regions(f, c.report)
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
	nc       *netcall.Result
	nr       *noreturn.Result
	cfgs     map[ast.Node]*cfg.CFG // built on first use
	decls    map[*types.Func]*ast.FuncDecl
	litArgs  map[*ast.FuncLit]argOf  // function literals passed as arguments
	declArgs map[*types.Func][]argOf // named functions passed as arguments (s.handle)
	runs     map[*types.Func]*RunsInTx
	started  map[*types.Func]bool
	reported map[token.Pos]bool

	ends          map[*types.Func]*EndsTx // EndsTx of this package's functions
	endsStarted   map[*types.Func]bool
	beginsMemo    map[*types.Func]*BeginsTx // BeginsTx of this package's functions
	beginsStarted map[*types.Func]bool

	ro *readOnlyState // read-only transactions and functions, built on first use
}

// argOf is the call a function is passed to, and the argument index.
type argOf struct {
	call *ast.CallExpr
	idx  int
}

func newChecker(pass *analysis.Pass, rep *report.Reporter) *checker {
	c := &checker{
		pass:     pass,
		rep:      rep,
		nc:       pass.ResultOf[netcall.Analyzer].(*netcall.Result),
		nr:       pass.ResultOf[noreturn.Analyzer].(*noreturn.Result),
		cfgs:     make(map[ast.Node]*cfg.CFG),
		decls:    make(map[*types.Func]*ast.FuncDecl),
		litArgs:  make(map[*ast.FuncLit]argOf),
		declArgs: make(map[*types.Func][]argOf),
		runs:     make(map[*types.Func]*RunsInTx),
		started:  make(map[*types.Func]bool),
		reported: make(map[token.Pos]bool),

		ends:          make(map[*types.Func]*EndsTx),
		endsStarted:   make(map[*types.Func]bool),
		beginsMemo:    make(map[*types.Func]*BeginsTx),
		beginsStarted: make(map[*types.Func]bool),
	}
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
				if fn, ok := pass.TypesInfo.Defs[fd.Name].(*types.Func); ok {
					c.decls[fn] = fd
				}
			}
		}
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			for i, a := range call.Args {
				switch a := ast.Unparen(a).(type) {
				case *ast.FuncLit:
					c.litArgs[a] = argOf{call, i}
				case *ast.Ident, *ast.SelectorExpr:
					if fn := c.funcValue(a); fn != nil && c.decls[fn] != nil {
						c.declArgs[fn] = append(c.declArgs[fn], argOf{call, i})
					}
				}
			}
			return true
		})
	}
	return c
}

// funcValue returns the named function or method value e denotes (f, s.handle), or nil.
func (c *checker) funcValue(e ast.Expr) *types.Func {
	var id *ast.Ident
	switch e := e.(type) {
	case *ast.Ident:
		id = e
	case *ast.SelectorExpr:
		id = e.Sel
	}
	fn, _ := c.pass.TypesInfo.Uses[id].(*types.Func)
	return fn
}
