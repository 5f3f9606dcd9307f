package offsetorder

import (
	_ "embed"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/analysisdoc"
	"github.com/idemlint/idemlint/internal/apis"
	"github.com/idemlint/idemlint/internal/consume"
	"github.com/idemlint/idemlint/internal/inbox"
	"github.com/idemlint/idemlint/internal/report"
	"github.com/idemlint/idemlint/internal/safe"
)

//go:embed doc.go
var doc string

// Analyzer reports Kafka offsets committed before the work on the message is durable.
var Analyzer = &analysis.Analyzer{
	Name:      "offsetorder",
	Doc:       analysisdoc.MustExtractDoc(doc, "offsetorder"),
	URL:       "https://github.com/idemlint/idemlint/blob/main/docs/offsetorder.md",
	Run:       safe.Run(run),
	Requires:  []*analysis.Analyzer{report.Analyzer, consume.Analyzer, inbox.Analyzer}, // consume: the summaries, their facts and the SSA
	FactTypes: []analysis.Fact{new(FranzClientWired)},
}

// The -commits and -handlers flags are the consume layer's (users name
// them -offsetorder.commits and settings.offsetorder.commits).
func init() {
	Analyzer.Flags.Var(&consume.ExtraCommits, "commits", consume.ExtraCommitsUsage)
	Analyzer.Flags.Var(&consume.ExtraHandlers, "handlers", consume.ExtraHandlersUsage)
}

func run(pass *analysis.Pass) (any, error) {
	if consume.IgnoredPath(pass.Pkg.Path()) || !relevance.Open(pass) {
		return nil, nil // the standard library, Kafka clients, logging (the tables know them); no consumer in reach
	}
	res, _ := pass.ResultOf[consume.Analyzer].(*consume.Result)
	ssaRes := res.SSA() // kept by consume where relevance opens
	if ssaRes == nil {
		return nil, nil
	}
	a := newChecker(pass, report.New(pass), res)
	a.funcs = ssaRes.SrcFuncs
	for _, fn := range ssaRes.SrcFuncs {
		a.checkFunc(fn)
		a.checkSharedReaders(fn)
		a.checkAckNone(fn)
		a.checkFranzWiring(fn)
	}
	return nil, nil
}

// relevance is the gate: every finding starts at a consumed message, so a
// Kafka client or a broker must be within the package's reach. It is the
// consume layer's, which keeps the SSA where it opens.
var relevance = consume.Consumers

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

func newChecker(pass *analysis.Pass, r *report.Reporter, res *consume.Result) *checker {
	return &checker{
		Checker:  res.Checker(pass),
		r:        r,
		waits:    apis.GoroutineWaits(),
		autoRead: apis.KafkaAutoCommitReads(),
	}
}
