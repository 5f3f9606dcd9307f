package httpintx

import (
	"go/ast"
	"strings"

	"github.com/idemlint/idemlint/internal/apis"
	"github.com/idemlint/idemlint/internal/calls"
	"github.com/idemlint/idemlint/internal/report"
)

// report reports call if it reaches the network while tx is open. A call
// of a function that receives the transaction is left to that function,
// whose body is itself checked as a transaction region.
func (c *checker) report(call *ast.CallExpr, tx *calls.Tx) {
	if c.reported[call.Pos()] {
		return
	}
	fn := apis.Callee(c.pass.TypesInfo, call)
	if fn != nil && !c.calls.IsNetworkCall(fn) && calls.ReceivesTx(fn) {
		return
	}
	chain := c.calls.CallNet(call)
	if chain == nil {
		if c.readOnlyTx(tx) {
			return
		}
		if m := c.calls.Port(call); m != nil {
			c.pendingInTx(call, tx, calls.PortCall{Method: m}) // pending.go
			return
		}
		for _, p := range c.calls.CallPorts(call) {
			c.pendingInTx(call, tx, p) // through the package's helpers
		}
		return
	}
	if c.readOnlyTx(tx) {
		return
	}
	c.reported[call.Pos()] = true
	kind := kindOf(chain)
	opts := []report.Option{report.Category("httpintx")}
	if tx.Pos.IsValid() {
		opts = append(opts, report.Related(calls.At(tx.Pos), "the transaction begins here"))
	}
	c.rep.Report(call, kind+" call "+strings.Join(chain, " → ")+" inside the transaction "+tx.Desc+c.advice(call, fn, kind), opts...)
}

// kindOf names the kind of network call a chain ends in: "HTTP",
// "gRPC" or "network".
func kindOf(chain []string) string {
	switch last := chain[len(chain)-1]; {
	case strings.Contains(last, "grpc."):
		return "gRPC"
	case strings.Contains(last, "http.") || strings.Contains(last, "resty.") || strings.Contains(last, "fiber."):
		return "HTTP"
	}
	return "network"
}
