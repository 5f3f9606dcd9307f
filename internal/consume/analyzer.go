package consume

import (
	"reflect"

	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/internal/apis"
	"github.com/idemlint/idemlint/internal/calls"
	"github.com/idemlint/idemlint/internal/config"
	"github.com/idemlint/idemlint/internal/gate"
	"github.com/idemlint/idemlint/internal/noreturn"
	"github.com/idemlint/idemlint/internal/safe"
	"github.com/idemlint/idemlint/internal/ssabuild"
)

// ExtraCommits and ExtraHandlers extend the tables of offset commits and
// of durable work. They are the -commits and -handlers flags of this
// Analyzer; offsetorder registers them among its own flags too, under the
// names users configure (-offsetorder.commits, settings.offsetorder.commits).
var (
	ExtraCommits  config.FuncList
	ExtraHandlers config.FuncList
)

// Usage texts of the -commits and -handlers flags.
const (
	ExtraCommitsUsage  = "extra offset commit functions (comma-separated import/path.Func or import/path.Type.Method)"
	ExtraHandlersUsage = "extra functions that do durable work with a message (comma-separated import/path.Func or import/path.Type.Method)"
)

// Analyzer computes the CommitsOffset, DurableWork and RunsHandler facts and the Result
// for the analyzers that judge consumers (offsetorder, skipcommit). It
// reports nothing (like x/tools ctrlflow).
var Analyzer = &analysis.Analyzer{
	Name:       "consume",
	Doc:        "summarise, once per function, whether a call of it commits (or acks) a consumed message and whether it does durable work with it (SQL, a network call, a produce, a handler called through an interface or a function value), through helpers, literals and the project's interfaces",
	URL:        "https://github.com/idemlint/idemlint/tree/main/internal/consume",
	Run:        safe.Run(run),
	Requires:   []*analysis.Analyzer{noreturn.Analyzer, calls.Analyzer, ssabuild.Analyzer},
	FactTypes:  []analysis.Fact{new(CommitsOffset), new(DurableWork), new(RunsHandler), new(CommitsOnRead)},
	ResultType: reflect.TypeFor[*Result](),
}

func init() {
	Analyzer.Flags.Var(&ExtraCommits, "commits", ExtraCommitsUsage)
	Analyzer.Flags.Var(&ExtraHandlers, "handlers", ExtraHandlersUsage)
}

// Consumers is the gate of the analyzers that judge consumers, and of the
// SSA this Analyzer keeps for them: every finding starts at a consumed
// message, so a Kafka client or a broker must be within the package's
// reach. The facts have a gate of their own (summaries, seeds.go):
// DurableWork needs no library (a call through a handler interface
// counts), so it admits far more packages.
var Consumers = gate.Gate{Libraries: func() []string { return apis.KafkaPaths }}

func run(pass *analysis.Pass) (any, error) {
	if IgnoredPath(pass.Pkg.Path()) {
		return (*Result)(nil), nil // the standard library, brokers, logging: the tables know them
	}
	layer, _ := pass.ResultOf[calls.Analyzer].(*calls.Result)
	cfg := Config{ExtraCommits: ExtraCommits.Funcs, ExtraHandlers: ExtraHandlers.Funcs}
	judged := Consumers.Open(pass)
	if !judged && !mayHaveSummaries(pass) {
		return &Result{pass: pass, layer: layer, cfg: cfg}, nil // no summary here can say anything: no SSA, no facts
	}
	s := pass.ResultOf[ssabuild.Analyzer].(*ssabuild.Shared).Get() // the build ctxcancel uses too
	r := &Result{pass: pass, layer: layer, cfg: cfg, own: newChecker(pass, layer, cfg), ssa: s}
	r.exportFacts()
	r.computeHandlers() // kept where nothing is judged too: other analyzers' call sites ask (handlerloop.go)
	r.computeReads()    // wrapperread.go
	if !judged {
		// Nothing will judge a consumer here: drop the SSA and the
		// summaries over it from the result (a driver that keeps results
		// to the end of the run would hold them; see internal/ssabuild).
		r.ssa, r.own = nil, nil
	}
	return r, nil
}

// CommitsOffset marks a function that commits (or marks, or acks) the
// message it handles: a call of it is an offset commit.
type CommitsOffset struct {
	Via string // the chain to the library call, e.g. "commit → (*kafka.Reader).CommitMessages"
}

// AFact implements analysis.Fact.
func (*CommitsOffset) AFact() {}

func (f *CommitsOffset) String() string { return "commitsOffset(" + f.Via + ")" }

// DurableWork marks a function that does work a consumed message must not
// be committed before, and whose failure is a failed message: an SQL
// statement or transaction commit, a network call, a produce, or a call of
// a handler through an interface or a function value.
type DurableWork struct {
	Via string // the chain to the call doing the work
}

// AFact implements analysis.Fact.
func (*DurableWork) AFact() {}

func (f *DurableWork) String() string { return "durableWork(" + f.Via + ")" }
