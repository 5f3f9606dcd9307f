package httpintx

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/ctrlflow"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/idemlint/idemlint/internal/analysisdoc"
	"github.com/idemlint/idemlint/internal/facts/netcall"
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
	Requires:  []*analysis.Analyzer{inspect.Analyzer, ctrlflow.Analyzer, netcall.Analyzer},
	FactTypes: []analysis.Fact{new(RunsInTx)},
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
	c := newChecker(pass)
	c.exportFacts()
	ins := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
	for n := range ins.PreorderSeq((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		if f, ok := c.function(n); ok {
			c.regions(f, c.report)
		}
	}
	return nil, nil
}

// A checker holds the state of one pass.
type checker struct {
	pass     *analysis.Pass
	rep      *report.Reporter
	nc       *netcall.Result
	cfgs     *ctrlflow.CFGs
	decls    map[*types.Func]*ast.FuncDecl
	litArgs  map[*ast.FuncLit]argOf  // function literals passed as arguments
	declArgs map[*types.Func][]argOf // named functions passed as arguments (s.handle)
	runs     map[*types.Func]*RunsInTx
	started  map[*types.Func]bool
	reported map[token.Pos]bool
}

// argOf is the call a function is passed to, and the argument index.
type argOf struct {
	call *ast.CallExpr
	idx  int
}

func newChecker(pass *analysis.Pass) *checker {
	c := &checker{
		pass:     pass,
		rep:      report.New(pass),
		nc:       pass.ResultOf[netcall.Analyzer].(*netcall.Result),
		cfgs:     pass.ResultOf[ctrlflow.Analyzer].(*ctrlflow.CFGs),
		decls:    make(map[*types.Func]*ast.FuncDecl),
		litArgs:  make(map[*ast.FuncLit]argOf),
		declArgs: make(map[*types.Func][]argOf),
		runs:     make(map[*types.Func]*RunsInTx),
		started:  make(map[*types.Func]bool),
		reported: make(map[token.Pos]bool),
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
