package offsetorder

import (
	_ "embed"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/analysisdoc"
	"github.com/idemlint/idemlint/internal/apis"
	"github.com/idemlint/idemlint/internal/calls"
	"github.com/idemlint/idemlint/internal/config"
	"github.com/idemlint/idemlint/internal/consume"
	"github.com/idemlint/idemlint/internal/gate"
	"github.com/idemlint/idemlint/internal/inbox"
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
	Requires:  []*analysis.Analyzer{report.Analyzer, noreturn.Analyzer, calls.Analyzer, inbox.Analyzer, ssabuild.Analyzer}, // SSA is built on demand, after the cheap checks
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
	if consume.IgnoredPath(pass.Pkg.Path()) {
		return nil, nil // the standard library, Kafka clients, logging: tables know them
	}
	// DurableWork needs no library (a call through a handler interface
	// counts), so every package exports facts; only the checks are gated.
	ssaRes := pass.ResultOf[ssabuild.Analyzer].(*ssabuild.Shared).Get()
	a := newChecker(pass, report.New(pass))
	a.exportFacts(ssaRes.SrcFuncs)
	if !relevance.Open(pass) {
		return nil, nil
	}
	a.funcs = ssaRes.SrcFuncs
	for _, fn := range ssaRes.SrcFuncs {
		a.checkFunc(fn)
		a.checkSharedReaders(fn)
		a.checkAckNone(fn)
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
	*consume.Checker
	r        *report.Reporter
	waits    *apis.Set
	autoRead *apis.Set
	funcs    []*ssa.Function // the package's functions (where a franz-go client is built)
}

func newChecker(pass *analysis.Pass, r *report.Reporter) *checker {
	layer, _ := pass.ResultOf[calls.Analyzer].(*calls.Result)
	cfg := consume.Config{ExtraCommits: extraCommits.Funcs, ExtraHandlers: extraHandlers.Funcs}
	return &checker{
		Checker:  consume.New(pass, layer, cfg, factIO{pass}),
		r:        r,
		waits:    apis.GoroutineWaits(),
		autoRead: apis.KafkaAutoCommitReads(),
	}
}
