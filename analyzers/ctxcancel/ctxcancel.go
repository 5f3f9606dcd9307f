package ctxcancel

import (
	_ "embed"
	"flag"

	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/internal/analysisdoc"
	"github.com/idemlint/idemlint/internal/calls"
	"github.com/idemlint/idemlint/internal/config"
	"github.com/idemlint/idemlint/internal/consume"
	"github.com/idemlint/idemlint/internal/inbox"
	"github.com/idemlint/idemlint/internal/noreturn"
	"github.com/idemlint/idemlint/internal/report"
	"github.com/idemlint/idemlint/internal/safe"
	"github.com/idemlint/idemlint/internal/ssabuild"
)

//go:embed doc.go
var doc string

// Analyzer reports shutdown-cancelable contexts that reach a transaction
// commit or a Kafka publish.
var Analyzer = &analysis.Analyzer{
	Name:      "ctxcancel",
	Doc:       analysisdoc.MustExtractDoc(doc, "ctxcancel"),
	URL:       "https://github.com/idemlint/idemlint/blob/main/docs/ctxcancel.md",
	Run:       safe.Run(run),
	Requires:  []*analysis.Analyzer{report.Analyzer, noreturn.Analyzer, calls.Analyzer, inbox.Analyzer, ssabuild.Analyzer, consume.Analyzer}, // SSA is built on demand, only where needed (relevant); consume: handlers handed to consume loops (handlerloop.go)
	FactTypes: []analysis.Fact{new(ReachesSink), new(ReturnsDetached), new(StopsOn), new(PendingStops), new(WiredStops)},
	Flags:     flags(),
}

// Extension lists, set through Analyzer.Flags.
var (
	extraTxSinks      config.FuncList
	extraPublishSinks config.FuncList
	extraDetachers    config.FuncList
	callerStops       bool
)

func flags() flag.FlagSet {
	fs := flag.NewFlagSet("ctxcancel", flag.ExitOnError)
	fs.Var(&extraTxSinks, "txsinks", "extra functions whose context argument commits a transaction (import/path.Func or import/path.Type.Method, comma-separated)")
	fs.Var(&extraPublishSinks, "publishsinks", "extra functions whose context argument governs a synchronous publish")
	fs.Var(&extraDetachers, "detachers", "extra functions that return a context detached from its parent's cancellation (like context.WithoutCancel)")
	fs.BoolVar(&callerStops, "callerstops", false, "decide a stop loop of an exported function by its callers in other packages: a shutdown source only where a caller passes a context that may be cancelled (reported at that call), silent when every caller passes context.Background() or none is in sight")
	return *fs
}

func run(pass *analysis.Pass) (any, error) {
	if !relevant(pass) {
		return nil, nil
	}
	r := report.New(pass)
	ssa := pass.ResultOf[ssabuild.Analyzer].(*ssabuild.Shared).Get()
	s := newState(pass, r, ssa)
	s.findStopSignals()
	s.importedStops()
	calls.ExportSSAFacts(s.reaches)
	calls.ExportSSAFacts(s.detached)
	calls.ExportSSAFacts(s.stops)
	s.check()
	s.exportPendingStops()
	s.completePendingStops()
	return nil, nil
}
