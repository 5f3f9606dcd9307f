// Package netcall defines an Analyzer that marks, with a fact, every
// function that performs a network call: an HTTP request (net/http,
// hashicorp/go-retryablehttp, go-resty v2 and v3) or a gRPC call
// ((*grpc.ClientConn).Invoke/NewStream, so generated clients count), made
// by the function itself or by a function it calls, in this package or in
// another analysed package.
//
// Kafka produces are not network calls for this fact: they are the
// business of the Kafka rules.
//
// The Analyzer reports nothing. Its Result answers, for any function, the
// chain of calls by which calling it reaches the network; analyzers that
// need it (httpintx) require it.
package netcall

import (
	"reflect"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/internal/apis"
	"github.com/idemlint/idemlint/internal/config"
	"github.com/idemlint/idemlint/internal/gate"
	"github.com/idemlint/idemlint/internal/safe"
)

// ExtraCalls extends the default table of network calls. It is the
// -network-calls flag of this Analyzer; analyzers that require this one
// may register it among their own flags too.
var ExtraCalls config.FuncList

// ExtraCallsUsage is the usage text of the -network-calls flag.
const ExtraCallsUsage = "comma-separated extra network calls (import/path.Func or import/path.Type.Method)"

// Analyzer computes the PerformsNetworkCall fact.
var Analyzer = &analysis.Analyzer{
	Name:       "netcall",
	Doc:        "mark functions that perform a network call (HTTP or gRPC), directly or through calls",
	URL:        "https://github.com/idemlint/idemlint/tree/main/internal/facts/netcall",
	Run:        safe.Run(run),
	FactTypes:  []analysis.Fact{new(PerformsNetworkCall)},
	ResultType: reflect.TypeFor[*Result](),
}

func init() {
	Analyzer.Flags.Var(&ExtraCalls, "network-calls", ExtraCallsUsage)
}

// maxChain bounds the length of a fact's chain, so that facts stay small.
const maxChain = 6

// PerformsNetworkCall marks a function whose call reaches the network.
// Chain names the calls below the function, outermost first, ending at
// the library call: ["payment.(*Client).Charge", "(*http.Client).Do"].
type PerformsNetworkCall struct {
	Chain []string
}

// AFact implements analysis.Fact.
func (*PerformsNetworkCall) AFact() {}

// String returns "performsNetworkCall(a → b)".
func (f *PerformsNetworkCall) String() string {
	return "performsNetworkCall(" + strings.Join(f.Chain, " → ") + ")"
}

func run(pass *analysis.Pass) (any, error) {
	calls := ExtraCalls.AddTo(apis.NetworkCalls())
	r := newResult(pass, calls)
	// Every chain ends at a library network call, and a fact of a
	// dependency was derived from one within that dependency's reach: a
	// package that reaches no network library has no chain to export.
	// The Result still answers (lazily) for analyzers that require it.
	if (&gate.Gate{Libraries: func() []string { return gate.Paths(calls) }}).Open(pass) {
		r.exportFacts()
	}
	return r, nil
}
