package uuidinretry

import (
	"go/ast"
	"go/types"

	"github.com/idemlint/idemlint/internal/apis"
)

// Handlers of brokers and job queues other than Kafka run once per
// delivery: amqp091, NATS, watermill, Pub/Sub, SQS and Redis stream
// messages, asynq tasks and river jobs come again after a failure, and
// Temporal retries activities by default; watermill's CQRS handlers
// (cqrs.go) run once per delivery of their router's message. Their bodies are attempts of the
// delivery kind, reported under the same rule as a Kafka delivery loop.

// checkHandlers scans the functions that receive a redelivered message,
// the loops over a channel or batch of them, the Temporal activities
// the package registers or executes, and watermill's CQRS handlers.
func (c *checker) checkHandlers() {
	cqrs := apis.CQRSPackage(c.pass.Pkg)
	for cur := range c.inspector().Root().Preorder((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil), (*ast.RangeStmt)(nil), (*ast.CallExpr)(nil)) {
		switch n := cur.Node().(type) {
		case *ast.FuncDecl:
			if what := c.handledDelivery(n.Type); what != "" && n.Body != nil {
				if bc, ok := cur.FindNode(n.Body); ok {
					c.scanAttempt(bc, deliveryAttempt(what+" handler "+n.Name.Name))
				}
			} else if cqrs != nil {
				c.checkCQRSHandlerDecl(cqrs, n)
			}
		case *ast.FuncLit:
			if what := c.handledDelivery(n.Type); what != "" {
				c.scanAttempt(cur, deliveryAttempt(what+" handler"))
			}
		case *ast.RangeStmt:
			if tv, ok := c.pass.TypesInfo.Types[n.X]; ok && tv.Type != nil {
				if what := apis.RedeliveredValue(tv.Type); what != "" {
					if bc, ok := cur.FindNode(n.Body); ok {
						c.scanAttempt(bc, deliveryAttempt("loop over each "+what))
					}
				}
			}
		case *ast.CallExpr:
			c.checkActivity(n)
			c.checkCQRSRegistration(cur, n)
		}
	}
}

func deliveryAttempt(where string) attempt {
	return attempt{kind: delivery, where: "the handling of one delivery (" + where + ")"}
}

// handledDelivery returns what a function of type ft handles once per
// delivery ("watermill message"): the type of one of its parameters, a
// message, task or job itself (not a channel or batch of them).
func (c *checker) handledDelivery(ft *ast.FuncType) string {
	if ft.Params == nil {
		return ""
	}
	for _, f := range ft.Params.List {
		t := c.pass.TypesInfo.TypeOf(f.Type)
		if t == nil {
			continue
		}
		switch t.Underlying().(type) {
		case *types.Chan, *types.Slice:
			continue
		}
		if what := apis.RedeliveredValue(t); what != "" {
			return what
		}
	}
	return ""
}

// checkActivity scans the Temporal activity that call registers or
// executes, when it is a function or method of this package, or every
// method of a struct registered as a set of activities.
func (c *checker) checkActivity(call *ast.CallExpr) {
	i := apis.ActivityArg(apis.Callee(c.pass.TypesInfo, call))
	if i < 0 || i >= len(call.Args) {
		return
	}
	arg := ast.Unparen(call.Args[i])
	var fns []*types.Func
	switch a := arg.(type) {
	case *ast.Ident:
		if fn, ok := c.pass.TypesInfo.Uses[a].(*types.Func); ok {
			fns = append(fns, fn)
		}
	case *ast.SelectorExpr:
		if fn, ok := c.pass.TypesInfo.Uses[a.Sel].(*types.Func); ok {
			fns = append(fns, fn)
		}
	}
	if len(fns) == 0 {
		if t := c.pass.TypesInfo.TypeOf(arg); t != nil {
			ms := types.NewMethodSet(t)
			for m := range ms.Methods() {
				if fn, ok := m.Obj().(*types.Func); ok && fn.Exported() {
					fns = append(fns, fn)
				}
			}
		}
	}
	for _, fn := range fns {
		fd := c.sums.Decl(fn)
		if fd == nil {
			continue
		}
		if bc, ok := c.findNode(fd.Body); ok {
			c.scanAttempt(bc, attempt{kind: retryOp, where: "Temporal activity " + fn.Name() + " (retried by default)",
				retry: "the activity, in the workflow (from the workflow ID), and pass it in"})
		}
	}
}
