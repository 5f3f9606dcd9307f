package dualwrite

import (
	"go/ast"
	"go/types"

	"github.com/idemlint/idemlint/internal/apis"
	"github.com/idemlint/idemlint/internal/calls"
)

// events returns, in source order, the calls of body that write or
// publish (a call that does both is its callee's business: that function
// is checked itself), each with the transaction open when it runs, and
// the calls that acknowledge a consumed message (offset commits, acks).
func (c *checker) events(fn ast.Node, body *ast.BlockStmt) (evs []*event, acks, reads []*ast.CallExpr) {
	inTx := make(map[*ast.CallExpr]*calls.Tx)
	for _, in := range c.calls.Regions(fn) {
		if _, ok := inTx[in.Call]; !ok {
			inTx[in.Call] = in.Tx // the innermost transaction comes first
		}
	}
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.GoStmt, *ast.DeferStmt, *ast.FuncLit:
			return false
		case *ast.CallExpr:
			if c.calls.CallChain(n, calls.Ack) != nil {
				acks = append(acks, n)
			}
			if c.effect(n, calls.Read) != nil {
				reads = append(reads, n)
			}
			w := c.effect(n, calls.Write)
			if w != nil && c.outboxModelWrite(n) {
				w = nil // a SQLBoiler outbox row (outboxmodel.go)
			}
			p := c.effect(n, calls.Publish)
			if w != nil && p != nil {
				return true
			}
			if w == nil && p == nil {
				if m := c.calls.Port(n); m != nil {
					// Either side, to be known where an implementation is.
					ch := []string{funcName(m, nil)}
					evs = append(evs, &event{call: n, kind: calls.Publish, chain: ch, tx: inTx[n], pending: m},
						&event{call: n, kind: calls.Write, chain: ch, tx: inTx[n], pending: m})
					evs = append(evs, c.callbackPortWrites(n, inTx[n])...)
					return true
				}
				evs = append(evs, c.helperPortEvents(n, inTx[n])...)
				return true
			}
			if p != nil && !c.throughOutbox(n, body) {
				evs = append(evs, &event{call: n, kind: calls.Publish, chain: p, tx: inTx[n]})
			}
			if w != nil {
				evs = append(evs, &event{call: n, kind: calls.Write, chain: w, tx: inTx[n]})
			}
		}
		return true
	})
	return evs, acks, reads
}

// effect returns the chain of kind k of evaluating call: through its
// callee, or through the function literals it runs before it returns (a
// literal called on the spot, a transaction callback, a retry operation,
// a parameter the callee calls outside a goroutine). A literal it only
// registers (http.HandleFunc) or starts in a goroutine (errgroup's Go)
// does not run as part of the call.
func (c *checker) effect(call *ast.CallExpr, k calls.Effect) []string {
	if ch := c.calls.CallChain(call, k); ch != nil {
		return ch
	}
	if lit, ok := ast.Unparen(call.Fun).(*ast.FuncLit); ok {
		return c.calls.LitChain(lit, k)
	}
	for i, a := range call.Args {
		lit, ok := ast.Unparen(a).(*ast.FuncLit)
		if !ok || !c.calls.RunsArgNow(call, i) {
			continue
		}
		if ch := c.calls.LitChain(lit, k); ch != nil {
			return ch
		}
	}
	return nil
}

// throughOutbox reports whether a publish call publishes through a
// publisher that the function made with an outbox constructor
// (watermill-sql's NewPublisher on the transaction, the forwarder's
// NewPublisher wrapping it): the message becomes a row of the
// transaction, not a broker write.
func (c *checker) throughOutbox(call *ast.CallExpr, body *ast.BlockStmt) bool {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	id, ok := ast.Unparen(sel.X).(*ast.Ident)
	if !ok {
		return false
	}
	v, ok := c.pass.TypesInfo.Uses[id].(*types.Var)
	if !ok {
		return false
	}
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || found {
			return !found
		}
		for i, l := range as.Lhs {
			lid, ok := ast.Unparen(l).(*ast.Ident)
			if !ok || i >= len(as.Rhs) && len(as.Rhs) != 1 {
				continue
			}
			obj := c.pass.TypesInfo.Defs[lid]
			if obj == nil {
				obj = c.pass.TypesInfo.Uses[lid]
			}
			if obj != v {
				continue
			}
			rhs := as.Rhs[0]
			if len(as.Rhs) == len(as.Lhs) {
				rhs = as.Rhs[i]
			}
			if rc, ok := ast.Unparen(rhs).(*ast.CallExpr); ok && apis.IsOutboxPublisherCtor(apis.Callee(c.pass.TypesInfo, rc)) {
				found = true
			}
		}
		return !found
	})
	return found
}

// handlesMessage reports whether the function receives a consumed message
// or a delivery (a Kafka message or record, an amqp091 Delivery, a NATS or
// watermill message, a river job, ...; not a channel of them, whose loop
// shows its own acks): a handler that its consumer runs again when it
// fails, committing or acknowledging only after it returns.
func (c *checker) handlesMessage(typ *ast.FuncType) bool {
	if typ.Params == nil {
		return false
	}
	for _, f := range typ.Params.List {
		t := c.pass.TypesInfo.TypeOf(f.Type)
		if t == nil {
			continue
		}
		if _, ch := t.Underlying().(*types.Chan); ch {
			continue // a consume loop over a channel: it shows its acks
		}
		if apis.IsKafkaMessageType(t) || apis.RedeliveredValue(t) != "" {
			return true
		}
	}
	return false
}
