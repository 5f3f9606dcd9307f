package offsetorder

import (
	_ "embed"
	"go/ast"
	"go/token"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/buildssa"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/idemlint/idemlint/internal/analysisdoc"
	"github.com/idemlint/idemlint/internal/apis"
	"github.com/idemlint/idemlint/internal/config"
	"github.com/idemlint/idemlint/internal/report"
)

//go:embed doc.go
var doc string

// Analyzer reports Kafka offsets committed before the work on the message is durable.
var Analyzer = &analysis.Analyzer{
	Name:      "offsetorder",
	Doc:       analysisdoc.MustExtractDoc(doc, "offsetorder"),
	URL:       "https://github.com/idemlint/idemlint/blob/main/docs/offsetorder.md",
	Run:       run,
	Requires:  []*analysis.Analyzer{inspect.Analyzer, buildssa.Analyzer},
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
	ssaRes, ok := pass.ResultOf[buildssa.Analyzer].(*buildssa.SSA)
	if !ok || ssaRes == nil || ssaRes.Pkg == nil {
		return nil, nil
	}
	if ignoredPath(pass.Pkg.Path()) {
		return nil, nil // the standard library, Kafka clients, logging: tables know them
	}
	a := newChecker(pass)
	a.exportFacts(ssaRes.SrcFuncs)
	for _, fn := range ssaRes.SrcFuncs {
		a.checkFunc(fn)
	}
	return nil, nil
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
}

func newChecker(pass *analysis.Pass) *checker {
	durable := apis.DBStatements()
	for _, s := range []*apis.Set{apis.TxCommits(), apis.NetworkCalls(), apis.KafkaProduces()} {
		durable.Add(s.Funcs()...)
	}
	return &checker{
		pass:     pass,
		r:        report.New(pass),
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
		ins, _ := a.pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
		if ins != nil {
			ins.Preorder([]ast.Node{(*ast.CallExpr)(nil)}, func(n ast.Node) {
				c := n.(*ast.CallExpr)
				a.calls[c.Lparen] = c
			})
		}
	}
	return a.calls[lparen]
}
