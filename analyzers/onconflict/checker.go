package onconflict

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/internal/apis"
	"github.com/idemlint/idemlint/internal/calls"
)

// A checker holds one pass's state: the package's function declarations
// and the memoized summaries of their bodies.
type checker struct {
	pass     *analysis.Pass
	info     *types.Info
	noRows   map[types.Object]bool // package variables holding ErrNoRows
	net      *calls.Result
	decls    map[*types.Func]*ast.FuncDecl
	sums     map[*types.Func]*summary
	bodies   map[*ast.BlockStmt]*bodyInfo
	sqlCache map[string]query // scanned SQL by text
	writes   *apis.Set        // extra write calls (-writes)
	checkers *apis.Set        // extra ErrNoRows checkers (-norows-checks)
	commits  *apis.Set
	produces *apis.Set
}

// summary is what a function of this package looks like from its callers.
type summary struct {
	started bool
	noRow   *NoRowOnConflict
	checks  *ChecksNoRows
	writes  *Writes
}

func newChecker(pass *analysis.Pass) *checker {
	c := &checker{
		pass:     pass,
		info:     pass.TypesInfo,
		decls:    make(map[*types.Func]*ast.FuncDecl),
		sums:     make(map[*types.Func]*summary),
		bodies:   make(map[*ast.BlockStmt]*bodyInfo),
		sqlCache: make(map[string]query),
		writes:   extraWrites.AddTo(&apis.Set{}),
		checkers: extraCheckers.AddTo(&apis.Set{}),
		commits:  apis.TxCommits(),
		produces: apis.KafkaProduces(),
	}
	c.net, _ = pass.ResultOf[calls.Analyzer].(*calls.Result)
	c.noRows = c.noRowsVars()
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			if fn, ok := c.info.Defs[fd.Name].(*types.Func); ok {
				c.decls[fn] = fd
			}
		}
	}
	return c
}

// exportFacts exports the facts of the package's exported functions and
// methods (the ones another package can call).
func (c *checker) exportFacts() {
	for obj := range c.noRows {
		if obj.Exported() {
			c.pass.ExportObjectFact(obj, new(IsNoRows))
		}
	}
	for _, f := range c.pass.Files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			fn, ok := c.info.Defs[fd.Name].(*types.Func)
			if !ok || !fn.Exported() && fd.Recv == nil {
				continue
			}
			s := c.summary(fn)
			if s.noRow != nil {
				c.pass.ExportObjectFact(fn, s.noRow)
			}
			if s.checks != nil {
				c.pass.ExportObjectFact(fn, s.checks)
			}
			if s.writes != nil {
				c.pass.ExportObjectFact(fn, s.writes)
			}
		}
	}
}

// summary returns fn's summary: computed from its body when fn is
// declared in this package, imported facts otherwise. A function whose
// summary is being computed (recursion) looks like it does nothing.
func (c *checker) summary(fn *types.Func) *summary {
	if fn == nil {
		return &summary{}
	}
	fn = fn.Origin()
	if s, ok := c.sums[fn]; ok {
		return s
	}
	s := &summary{started: true}
	c.sums[fn] = s
	fd, local := c.decls[fn]
	if !local {
		if fn.Pkg() != nil && fn.Pkg() != c.pass.Pkg {
			var nr NoRowOnConflict
			if c.pass.ImportObjectFact(fn, &nr) {
				s.noRow = &nr
			}
			var ck ChecksNoRows
			if c.pass.ImportObjectFact(fn, &ck) {
				s.checks = &ck
			}
			var w Writes
			if c.pass.ImportObjectFact(fn, &w) {
				s.writes = &w
			}
		}
		return s
	}
	b := c.body(fd.Body, fd.Type, fn)
	s.noRow = b.propagates
	s.checks = c.checksParam(fd)
	s.writes = c.bodyWrites(fd.Body)
	return s
}
