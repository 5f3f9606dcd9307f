package httpintx

import (
	"go/ast"
	"go/token"
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
		return
	}
	c.reported[call.Pos()] = true
	kind := "network"
	switch last := chain[len(chain)-1]; {
	case strings.Contains(last, "grpc."):
		kind = "gRPC"
	case strings.Contains(last, "http.") || strings.Contains(last, "resty."):
		kind = "HTTP"
	}
	opts := []report.Option{report.Category("httpintx")}
	if tx.Pos.IsValid() {
		opts = append(opts, report.Related(at(tx.Pos), "the transaction begins here"))
	}
	c.rep.Report(call, kind+" call "+strings.Join(chain, " → ")+" inside the transaction "+tx.Desc+
		"; the transaction stays open for the whole call and its retries: write an outbox row carrying the idempotency key and call the provider from a separate worker", opts...)
}

// at is a zero-width range at a position.
type at token.Pos

func (p at) Pos() token.Pos { return token.Pos(p) }
func (p at) End() token.Pos { return token.Pos(p) }
