package offsetorder

import (
	_ "embed"
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/internal/analysisdoc"
	"github.com/idemlint/idemlint/internal/apis"
	"github.com/idemlint/idemlint/internal/calls"
	"github.com/idemlint/idemlint/internal/config"
	"github.com/idemlint/idemlint/internal/gate"
	"github.com/idemlint/idemlint/internal/noreturn"
	"github.com/idemlint/idemlint/internal/report"
	"github.com/idemlint/idemlint/internal/safe"
	"github.com/idemlint/idemlint/internal/ssabuild"
)

//go:embed doc.go
var doc string

// Analyzer reports Kafka offsets committed before the work on the message is durable.
var Analyzer = &analysis.Analyzer{
	Name:      "offsetorder",
	Doc:       analysisdoc.MustExtractDoc(doc, "offsetorder"),
	URL:       "https://github.com/idemlint/idemlint/blob/main/docs/offsetorder.md",
	Run:       safe.Run(run),
	Requires:  []*analysis.Analyzer{report.Analyzer, noreturn.Analyzer, calls.Analyzer}, // SSA is built in run, after the cheap checks
	FactTypes: []analysis.Fact{new(CommitsOffset), new(DurableWork)},
}

var (
	extraCommits  config.FuncList
	extraHandlers config.FuncList
)

func init() {
	Analyzer.Flags.Var(&extraCommits, "commits", "extra offset commit functions (comma-separated import/path.Func or import/path.Type.Method)")
	Analyzer.Flags.Var(&extraHandlers, "handlers", "extra functions that do durable work with a message (comma-separated import/path.Func or import/path.Type.Method)")
}

func run(pass *analysis.Pass) (any, error) {
	if ignoredPath(pass.Pkg.Path()) {
		return nil, nil // the standard library, Kafka clients, logging: tables know them
	}
	// DurableWork needs no library (a call through a handler interface
	// counts), so every package exports facts; only the checks are gated.
	ssaRes := ssabuild.Build(pass, pass.ResultOf[noreturn.Analyzer].(*noreturn.Result).NoReturn)
	a := newChecker(pass, report.New(pass))
	a.exportFacts(ssaRes.SrcFuncs)
	if !relevance.Open(pass) {
		return nil, nil
	}
	for _, fn := range ssaRes.SrcFuncs {
		a.checkFunc(fn)
	}
	return nil, nil
}

// relevance is the gate of the checks (not of the facts: DurableWork
// needs no library, so every package exports them): every finding starts
// at a consumed Kafka message, so a Kafka client must be within the
// package's reach.
var relevance = gate.Gate{Libraries: func() []string { return apis.KafkaPaths }}

// MayReport reports whether the analyzer can report in pkg (the gate,
// asked without a pass). A driver that knows every package it analyses
// may skip the packages that neither can report nor are imported by one
// that can: their facts would serve no finding.
func MayReport(pkg *types.Package) bool {
	return relevance.MayReach(pkg)
}

// checker holds the state of one pass.
type checker struct {
	pass        *analysis.Pass
	r           *report.Reporter
	commits     *apis.Set
	durable     *apis.Set
	waits       *apis.Set
	receives    *apis.Set
	autoRead    *apis.Set
	memo        map[funcKey]*summary
	calls       map[token.Pos]*ast.CallExpr // by Lparen, built on first use
	readerGroup *groupIDState               // package-wide ReaderConfig knowledge, built on first use
	layer       *calls.Result
	kafka       *apis.Set                   // every Kafka call of the tables, for interface resolution
	libs        map[*types.Func]*types.Func // interface method → the library call it stands for (nil: none)
}

func newChecker(pass *analysis.Pass, r *report.Reporter) *checker {
	durable := apis.DBStatements()
	for _, s := range []*apis.Set{apis.TxCommits(), apis.NetworkCalls(), apis.KafkaProduces()} {
		durable.Add(s.Funcs()...)
	}
	kafka := apis.KafkaCommits()
	for _, s := range []*apis.Set{extraCommits.AddTo(&apis.Set{}), apis.KafkaReceives(), apis.KafkaFetches(), apis.KafkaAutoCommitReads()} {
		kafka.Add(s.Funcs()...)
	}
	layer, _ := pass.ResultOf[calls.Analyzer].(*calls.Result)
	return &checker{
		layer:    layer,
		kafka:    kafka,
		libs:     make(map[*types.Func]*types.Func),
		pass:     pass,
		r:        r,
		commits:  extraCommits.AddTo(apis.KafkaCommits()),
		durable:  extraHandlers.AddTo(durable),
		waits:    apis.GoroutineWaits(),
		receives: apis.KafkaReceives(),
		autoRead: apis.KafkaAutoCommitReads(),
		memo:     make(map[funcKey]*summary),
	}
}

// callExpr returns the call expression whose '(' is at lparen, or nil.
func (a *checker) callExpr(lparen token.Pos) *ast.CallExpr {
	if a.calls == nil {
		a.calls = make(map[token.Pos]*ast.CallExpr)
		a.inspect(func(n ast.Node) {
			if c, ok := n.(*ast.CallExpr); ok {
				a.calls[c.Lparen] = c
			}
		})
	}
	return a.calls[lparen]
}

// inspect calls f for every node of the package's files, in preorder.
func (a *checker) inspect(f func(ast.Node)) {
	for _, file := range a.pass.Files {
		ast.Inspect(file, func(n ast.Node) bool {
			if n != nil {
				f(n)
			}
			return true
		})
	}
}

// libOf returns the Kafka library call that a call of fn makes: fn itself,
// or, for a method of the project's own interface (a Reader wrapping
// kafka-go), the library method every implementation in sight is, or the
// one the method mirrors (see calls.Result.StandsFor).
func (a *checker) libOf(fn *types.Func) *types.Func {
	if fn == nil || a.layer == nil || a.kafka.Match(fn) {
		return fn
	}
	recv := fn.Signature().Recv()
	if recv == nil || !types.IsInterface(recv.Type()) {
		return fn
	}
	lib, ok := a.libs[fn]
	if !ok {
		lib = a.layer.StandsFor(fn, a.kafka)
		a.libs[fn] = lib
	}
	if lib == nil {
		return fn
	}
	return lib
}
