package uuidinretry

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/ast/inspector"

	"github.com/idemlint/idemlint/internal/apis"
	"github.com/idemlint/idemlint/internal/consume"
	"github.com/idemlint/idemlint/internal/funcname"
	"github.com/idemlint/idemlint/internal/inbox"
)

// A Kafka delivery is handled where the loop that fetches it hands it:
// to a function of the package the loop body calls with the message
// (handle(ctx, m)), or to a handler a service hands its own consume loop
// as a function value (c.Run(ctx, w.Handle); consume.RunsHandler: the
// loop runs it per message and commits after it, also from another
// package). Such a handler's body is a delivery attempt like the loop
// body: a redelivery after a failure runs it again.

// checkHandedLoop scans the handlers call hands to a consume loop of the
// analysed code that commits each message after the handler returns.
func (c *checker) checkHandedLoop(cur inspector.Cursor, call *ast.CallExpr) {
	res, _ := c.pass.ResultOf[consume.Analyzer].(*consume.Result)
	loop := apis.Callee(c.pass.TypesInfo, call)
	for _, run := range res.HandlerRuns(loop) {
		if !run.Redelivers() || run.Param >= len(call.Args) {
			continue
		}
		c.scanHandler(cur, call.Args[run.Param], deliveryKafka, "run per message by "+funcname.Code(loop, c.pass.Pkg))
	}
}

// scanLoopHandlers scans, as delivery attempts, the functions of the
// package that a Kafka delivery loop's body calls with the message.
func (c *checker) scanLoopHandlers(body inspector.Cursor, recv string) {
	for cur := range body.Preorder((*ast.CallExpr)(nil)) {
		call := cur.Node().(*ast.CallExpr)
		fn := apis.Callee(c.pass.TypesInfo, call)
		if fn == nil || fn.Pkg() != c.pass.Pkg || !c.passesMessage(call) {
			continue
		}
		c.scanHandler(cur, call.Fun, deliveryKafka, "called with the message in the loop of "+recv)
	}
}

// passesMessage reports whether a call has an argument of a consumed
// message type.
func (c *checker) passesMessage(call *ast.CallExpr) bool {
	for _, a := range call.Args {
		if t := c.pass.TypesInfo.TypeOf(a); t != nil && apis.IsKafkaMessageType(t) {
			return true
		}
	}
	return false
}

// scanHandler scans the body of the handler an expression denotes — a
// literal, or a function or method of the package (a method value, a
// conversion to a handler type) — as the handling of one delivery, the
// attempt at makes from the handler's name and how.
func (c *checker) scanHandler(cur inspector.Cursor, e ast.Expr, at func(string) attempt, how string) {
	e = ast.Unparen(e)
	if conv, ok := e.(*ast.CallExpr); ok && len(conv.Args) == 1 {
		if tv, ok := c.pass.TypesInfo.Types[conv.Fun]; ok && tv.IsType() {
			e = ast.Unparen(conv.Args[0]) // bus.Handler(w.Handle)
		}
	}
	if lit, ok := e.(*ast.FuncLit); ok {
		if c.gatedHandler(lit.Body) {
			return
		}
		if lc, ok := cur.FindNode(lit); ok {
			c.scanAttempt(lc, at("func literal "+how))
		}
		return
	}
	id := opIdent(e)
	if id == nil {
		return
	}
	fn, ok := c.pass.TypesInfo.Uses[id].(*types.Func)
	if !ok || fn.Pkg() != c.pass.Pkg {
		return
	}
	fd := c.sums.Decl(fn)
	if fd == nil || fd.Body == nil || c.gatedHandler(fd.Body) {
		return
	}
	if bc, ok := c.findNode(fd.Body); ok {
		c.scanAttempt(bc, at(funcname.Code(fn, c.pass.Pkg)+" "+how))
	}
}

// gatedHandler reports whether a handler's body is an inbox-gated unit
// (internal/inbox): its transaction claims the message's stable ID and
// skips a duplicate, so what it writes with a key made per delivery
// (an outbox row carrying it) exists once, and a failed attempt's rows
// roll back with the claim. It is not scanned as a delivery attempt.
func (c *checker) gatedHandler(body *ast.BlockStmt) bool {
	res, _ := c.pass.ResultOf[inbox.Analyzer].(*inbox.Result)
	return res != nil && res.Gated(body)
}

func deliveryKafka(where string) attempt {
	return attempt{kind: delivery, where: "the handling of one Kafka delivery (" + where + ")"}
}
