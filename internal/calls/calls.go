// Package calls defines an Analyzer that summarises, once per function of
// the analysed code, what the function does to its parameters and
// receiver, and answers the other analyzers' inter-procedural questions
// from those summaries. It reports nothing (like x/tools ctrlflow).
//
// A summary (the Summary fact, on *types.Func, exported for every
// function and interface method that has one) lists effects:
//
//   - net: calling the function reaches the network (HTTP or gRPC), with
//     the chain of calls down to the library call;
//   - publish: it publishes to a message broker (Kafka, RabbitMQ, NATS,
//     Pub/Sub, SQS/SNS, watermill), with the chain;
//   - write: it writes to the database (SQL that inserts, updates, deletes
//     or merges a table other than an outbox; an ORM or document-store
//     write), with the chain;
//   - read: it reads from the database (SQL that queries without writing;
//     an ORM or document-store find), with the chain;
//   - ack: it commits a consumed message's offset or acknowledges it
//     (apis.KafkaCommits), with the chain — net, publish, write, read and
//     ack are one computation over the kind's table (see Effect);
//   - beginsTx: it begins a transaction and returns it held in a struct
//     (a unit of work), or stores it in its pointer receiver (uow.Begin);
//   - endsTx: it commits or rolls back the transaction held by its
//     receiver or by a parameter;
//   - calls: it calls its function parameter i — inside a transaction it
//     began (a WithTx helper), or in a goroutine.
//
// Calls are resolved through static callees; interface methods (to the
// implementations declared in the analysed package and the packages it
// imports directly, test files excluded; to a library table entry by shape
// when no implementation is in sight); method values and function values
// kept in locals, struct fields and maps (every function value stored
// there in the package); callbacks (an argument passed where the callee
// calls its parameter lends the call its effects); generic functions
// (through their origin). A goroutine does not lend its effects to the
// function that starts it.
//
// Two fallbacks complete interface resolution. An implementation that
// calls the very method it implements (a cache falling back to another
// implementation, a logging wrapper) is a decorator: it neither vetoes nor
// adds to the effects the other implementations share (decorator.go). A
// method shaped like a generated gRPC client's (a context first,
// ...grpc.CallOption last: apis.GRPCClientMethod) stands for
// ClientConnInterface.Invoke or NewStream when no implementation is in
// sight, or only the generated one out of the analysis (loaded from export
// data or in a tabled library, hence without a summary: shape.go).
//
// A transaction may be held in a field: a unit of work's method that
// begins one and stores it in its pointer receiver has Begins, and a call
// of it opens a region held by the receiver's root variable until a
// method ending that receiver's transaction (fieldtx.go). Constructors and
// WithTx copies need nothing of their own: the caller's region holds the
// repository's calls, and a receiver typed with a transaction field runs
// inside it.
//
// A constructor that keeps its parameters in the struct it returns
// (NewConsumer(cfg Config) Handler { return &cfg }, NewPublisher(ch)
// returning &Publisher{channel: ch}) has a KeepsParams fact: which
// parameter, or field of one, ends in which field, and the struct's type,
// so that a call on the result through an interface runs that type's
// method (ctorstore.go; read from the constructor's syntax, see its bound).
//
// The analyzers' own summaries (uuidinretry's MakesFreshID, onconflict's
// NoRowOnConflict, checkthenact's KeyOps, lossypublish's Publishes) share
// one skeleton, Derived (derived.go): the memo with the same cycle cut,
// the import of other packages' facts, one export policy, and calls
// resolved to every target the way this layer resolves them
// (CallTargets, ValueTargets: targets.go). Summaries computed over SSA
// (ctxcancel's ReachesSink, ReturnsDetached and StopsOn, consume's
// CommitsOffset and DurableWork) use its SSA-keyed variant, SSADerived
// (ssaderived.go): the same memo and export policy, keyed by
// *ssa.Function so that literals have summaries of their own.
//
// Work is bounded: each function's summary is computed once (a memo with a
// started flag cuts cycles conservatively); a function value is chased
// through at most maxValueDepth assignments; a call resolves to at most
// maxTargets functions; chains keep at most maxChain names; a decorator
// is recognised by a direct call in its own body, and a stored begin by a
// begin and a store in the method's own body (no helper followed).
package calls

import (
	"go/types"
	"reflect"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/internal/apis"
	"github.com/idemlint/idemlint/internal/config"
	"github.com/idemlint/idemlint/internal/gate"
	"github.com/idemlint/idemlint/internal/noreturn"
	"github.com/idemlint/idemlint/internal/safe"
)

// ExtraNetworkCalls extends the default table of network calls. It is the
// -network-calls flag of this Analyzer; analyzers that require this one
// register it among their own flags too.
var ExtraNetworkCalls config.FuncList

// ExtraNetworkCallsUsage is the usage text of the -network-calls flag.
const ExtraNetworkCallsUsage = "comma-separated extra network calls (import/path.Func or import/path.Type.Method)"

// Analyzer computes the Summary facts and the Result.
var Analyzer = &analysis.Analyzer{
	Name:       "calls",
	Doc:        "summarise what each function does to its parameters and receiver (network calls, broker publishes, database writes, transactions, callbacks), through interfaces, function values and helpers",
	URL:        "https://github.com/idemlint/idemlint/tree/main/internal/calls",
	Run:        safe.Run(run),
	Requires:   []*analysis.Analyzer{noreturn.Analyzer},
	FactTypes:  []analysis.Fact{new(Summary), new(KeepsParams), new(Provides)},
	ResultType: reflect.TypeFor[*Result](),
}

func init() {
	Analyzer.Flags.Var(&ExtraNetworkCalls, "network-calls", ExtraNetworkCallsUsage)
}

// Bounds on the work per function and the size of facts.
const (
	maxChain      = 6 // names in a chain
	maxValueDepth = 4 // assignments followed to find a function value
	maxTargets    = 8 // functions one call may resolve to
	maxEffects    = 8 // effects of one kind in a summary
)

func run(pass *analysis.Pass) (any, error) {
	r := newResult(pass, defaultSets())
	// The standard library and the libraries of the tables (database
	// drivers, ORMs, broker clients) are described by the API tables;
	// their packages have no summaries, so that every driver (with or
	// without dependencies from source: go vet analyses pgx, whose Begin
	// runs an Exec) sees the same ones.
	if apis.IsStdlib(pass.Pkg.Path()) || tableLibrary(pass.Pkg.Path()) {
		r.std = true
		return r, nil
	}
	r.initKeeps() // whatever the gate: a constructor keeps what it is given, library or not
	r.exportProvides()
	if relevant(pass, r) {
		r.exportFacts()
	}
	return r, nil
}

// relevance is the gate of the effect chains, beginsTx and endsTx: each
// starts at a library call within the package's reach (a dependency's
// summary was derived from one within its own reach, hence ours).
var relevance = gate.Gate{Libraries: func() []string {
	sets := defaultSets()
	out := append([]string{}, apis.DBPaths...)
	for k := range numEffects {
		out = append(out, effectPaths(k, sets[k])...)
	}
	return out
}}

// relevant reports whether a function of the package can have a summary:
// the package passes the gate, or it declares a function with a parameter
// of function type (a calls effect needs no library). The Result still
// answers lazily for the analyzers that require it.
func relevant(pass *analysis.Pass, r *Result) bool {
	if relevance.Open(pass) {
		return true
	}
	for fn := range r.decls {
		if hasFuncParam(fn) {
			return true
		}
	}
	return false
}

func hasFuncParam(fn *types.Func) bool {
	ps := fn.Signature().Params()
	for i := range ps.Len() {
		if _, ok := ps.At(i).Type().Underlying().(*types.Signature); ok {
			return true
		}
	}
	return false
}

// tableLibrary reports whether path (an import path) is, or lies under, a
// library whose API the tables describe: a database library, a Kafka or
// broker client, a library of an effect's table.
func tableLibrary(path string) bool {
	p := apis.NormPath(path)
	under := func(libs []string) bool {
		for _, l := range libs {
			if p == l || strings.HasPrefix(p, l+"/") {
				return true
			}
		}
		return false
	}
	if under(apis.DBPaths) || under(apis.KafkaPaths) {
		return true
	}
	return under(tablePaths())
}
