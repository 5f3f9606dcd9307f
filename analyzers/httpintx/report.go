package httpintx

import (
	"go/ast"
	"go/token"
	"strings"

	"github.com/idemlint/idemlint/internal/apis"
	"github.com/idemlint/idemlint/internal/report"
)

// report reports call if it reaches the network while tx is open. A call
// of a function that receives the transaction is left to that function,
// whose body is itself checked as a transaction region.
func (c *checker) report(call *ast.CallExpr, tx *txOpen) {
	fn := apis.Callee(c.pass.TypesInfo, call)
	if fn == nil || c.reported[call.Pos()] {
		return
	}
	if !c.nc.IsNetworkCall(fn) && receivesTx(fn) {
		return
	}
	chain := c.nc.CallChain(fn)
	if chain == nil || c.readOnlyTx(tx) {
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
	if tx.pos.IsValid() {
		opts = append(opts, report.Related(at(tx.pos), "the transaction begins here"))
	}
	c.rep.Report(call, kind+" call "+strings.Join(chain, " → ")+" inside the transaction "+tx.desc+c.advice(call, fn, kind), opts...)
}

// at is a zero-width range at a position.
type at token.Pos

func (p at) Pos() token.Pos { return token.Pos(p) }
func (p at) End() token.Pos { return token.Pos(p) }
