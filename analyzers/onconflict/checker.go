package onconflict

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/internal/apis"
	"github.com/idemlint/idemlint/internal/calls"
)

// A checker holds one pass's state: the summaries of the package's
// functions and the memoized facts of their bodies.
type checker struct {
	pass     *analysis.Pass
	info     *types.Info
	noRows   map[types.Object]bool // package variables holding ErrNoRows
	net      *calls.Result
	sums     *calls.Derived[*summary] // computeSummary
	bodies   map[*ast.BlockStmt]*bodyInfo
	sqlCache map[string]query // scanned SQL by text
	writes   *apis.Set        // extra write calls (-writes)
	checkers *apis.Set        // extra ErrNoRows checkers (-norows-checks)
	commits  *apis.Set
	produces *apis.Set
}

// summary is what a function looks like from its callers.
type summary struct {
	noRow    *NoRowOnConflict
	checks   *ChecksNoRows
	writes   *Writes
	discards *DiscardsInsertCount // dedupfunc.go
}

// FactFields lists the fact fields, for calls.Derived to import and export.
func (s *summary) FactFields() []any { return []any{&s.noRow, &s.checks, &s.writes, &s.discards} }

func newChecker(pass *analysis.Pass) *checker {
	c := &checker{
		pass:     pass,
		info:     pass.TypesInfo,
		bodies:   make(map[*ast.BlockStmt]*bodyInfo),
		sqlCache: make(map[string]query),
		writes:   extraWrites.AddTo(&apis.Set{}),
		checkers: extraCheckers.AddTo(&apis.Set{}),
		commits:  apis.TxCommits(),
		produces: apis.KafkaProduces(),
	}
	c.net, _ = pass.ResultOf[calls.Analyzer].(*calls.Result)
	c.noRows = c.noRowsVars()
	c.sums = calls.NewFieldsDerived(pass, c.net, c.computeSummary)
	return c
}

// exportFacts exports the IsNoRows facts of the package's exported
// variables, and the facts of its functions (calls.Derived's policy).
func (c *checker) exportFacts() {
	for obj := range c.noRows {
		if obj.Exported() {
			c.pass.ExportObjectFact(obj, new(IsNoRows))
		}
	}
	calls.ExportFieldFacts(c.sums)
}

// callSummaries returns the summaries of the functions call may run
// (calls.Derived.CallTargets: its callee, the implementations in sight of
// an interface method, the functions a function value may hold).
func (c *checker) callSummaries(call *ast.CallExpr) []calls.Reached[*summary] {
	return c.sums.CallTargets(call)
}

// computeSummary computes the summary of a function declared here.
func (c *checker) computeSummary(fn *types.Func, fd *ast.FuncDecl) *summary {
	s := &summary{
		noRow:  c.body(fd.Body, fd.Type, fn).propagates,
		checks: c.checksParam(fd),
		writes: c.bodyWrites(fd.Body),
	}
	s.discards = c.bodyDiscards(fn, fd.Body)
	if calls.NoFacts(s) {
		return nil
	}
	return s
}
