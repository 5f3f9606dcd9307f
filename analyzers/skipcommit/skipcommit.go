package skipcommit

import (
	_ "embed"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/analysisdoc"
	"github.com/idemlint/idemlint/internal/consume"
	"github.com/idemlint/idemlint/internal/report"
	"github.com/idemlint/idemlint/internal/safe"
)

//go:embed doc.go
var doc string

// Analyzer reports consumers that pass over a failed message while a later
// commit or ack moves past it.
var Analyzer = &analysis.Analyzer{
	Name:      "skipcommit",
	Doc:       analysisdoc.MustExtractDoc(doc, "skipcommit"),
	URL:       "https://github.com/idemlint/idemlint/blob/main/docs/skipcommit.md",
	Run:       safe.Run(run),
	Requires:  []*analysis.Analyzer{report.Analyzer, consume.Analyzer}, // consume: the summaries, their facts and the SSA
	FactTypes: []analysis.Fact{new(DeclaresDeadLetter)},
}

func run(pass *analysis.Pass) (any, error) {
	if consume.IgnoredPath(pass.Pkg.Path()) {
		return nil, nil // the standard library, brokers, logging: the tables know them
	}
	exportDeadLetter(pass)
	if !relevance.Open(pass) {
		return nil, nil
	}
	res, _ := pass.ResultOf[consume.Analyzer].(*consume.Result)
	ssaRes := res.SSA() // kept by consume where relevance opens
	if ssaRes == nil {
		return nil, nil
	}
	a := &checker{
		Checker: res.Checker(pass),
		r:       report.New(pass),
		funcs:   ssaRes.SrcFuncs,
		flags:   make(map[*ssa.Function]bool),
		derived: make(map[*ssa.Function]map[ssa.Value]bool),
	}
	for _, fn := range ssaRes.SrcFuncs {
		a.checkFunc(fn)
	}
	return nil, nil
}

// relevance is the gate of the checks (not of DeclaresDeadLetter): every
// finding starts at a consumed message, so a Kafka client or a broker must
// be within the package's reach. It is the consume layer's, which keeps
// the SSA where it opens.
var relevance = consume.Consumers

// MayReport reports whether the analyzer can report in pkg (the gate,
// asked without a pass), for drivers that skip packages whose facts serve
// no finding.
func MayReport(pkg *types.Package) bool {
	return relevance.MayReach(pkg)
}

// checker holds the state of one pass.
type checker struct {
	*consume.Checker
	r       *report.Reporter
	dlx     *bool // a dead-letter exchange is declared in sight, computed on first use
	funcs   []*ssa.Function
	callers map[*ssa.Function][]*ssa.Call        // static calls by callee, built on first use
	flags   map[*ssa.Function]bool               // helpers whose bool result reports their work's success (flag.go)
	derived map[*ssa.Function]map[ssa.Value]bool // the consumed data of callers (handeddata.go)
}
