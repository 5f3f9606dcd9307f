package uuidinretry

import (
	"fmt"
	"go/ast"

	"github.com/idemlint/idemlint/internal/report"
)

// reportFresh reports an identifier made fresh once per attempt.
func (c *checker) reportFresh(node ast.Node, g genCall, fl flowResult, at attempt) {
	if c.reported[node] || c.inGatedUnit(node, fl) {
		return
	}
	c.reported[node] = true
	var msg string
	switch {
	case at.kind == delivery:
		msg = fmt.Sprintf("%s in %s makes a new key per redelivery and it reaches %s, so a redelivered message never matches its first processing and the side effect runs again; derive the key from the message (an event ID in the payload, or topic/partition/offset)",
			g.chain, at.where, fl.dedup)
	case fl.strong != "":
		msg = fmt.Sprintf("%s in %s makes a new idempotency key on every attempt (it reaches %s), so the server takes each retry for a new operation and may charge twice; derive the key once from the operation (e.g. order ID + \":charge:\" + request ID) before %s",
			g.chain, at.where, fl.strong, at.retry)
	default:
		msg = fmt.Sprintf("%s in %s makes a new identifier on every attempt, so a retry after a timeout creates a second record or operation instead of repeating the first; create it once before %s and reuse it in every attempt",
			g.chain, at.where, at.retry)
	}
	opts := []report.Option{report.Category(categoryOf(at))}
	if at.kind == retryOp && at.call.Valid() {
		opts = append(opts, report.Related(at.call.Node().(*ast.CallExpr), "the retry that repeats it"))
		if fix, ok := c.hoistFix(node, at); ok {
			opts = append(opts, report.Fixes(fix))
		}
	}
	c.rep.Report(node, msg, opts...)
}

func categoryOf(at attempt) string {
	if at.kind == delivery {
		return "redelivery"
	}
	return "retry"
}

// reportUnkeyed reports a write request without an Idempotency-Key header
// sent once per attempt (or through a retrying client).
func (c *checker) reportUnkeyed(node ast.Node, w unkeyed, at attempt) {
	if c.reported[node] {
		return
	}
	c.reported[node] = true
	var msg string
	switch {
	case w.payment && at.kind == delivery:
		msg = fmt.Sprintf("%s in %s asks the payment provider to create an object with no idempotency key in its params, so a redelivery after a later failure creates a second one (pays or charges twice); set params.SetIdempotencyKey to a key derived from the message, such as its event or transaction ID",
			w.chain, at.where)
	case w.payment:
		msg = fmt.Sprintf("%s in %s asks the payment provider to create an object with no idempotency key in its params, so a retry after a timeout creates a second one (pays or charges twice); set params.SetIdempotencyKey to a key derived once from the operation before %s",
			w.chain, at.where, at.retry)
	case at.kind == delivery:
		msg = fmt.Sprintf("%s request sent by %s in %s sets no Idempotency-Key header, so a redelivery after a later failure repeats a write that may already have happened; set Idempotency-Key to a key derived from the message, such as its event ID",
			w.method, w.chain, at.where)
	case at.where == "":
		msg = fmt.Sprintf("%s request built by %s for go-retryablehttp, which retries it, sets no Idempotency-Key header, so a retry after a timeout repeats a write that may already have happened; set Idempotency-Key to a key derived once from the operation",
			w.method, w.chain)
	default:
		msg = fmt.Sprintf("%s request sent by %s in %s sets no Idempotency-Key header, so a retry after a timeout repeats a write that may already have happened; set Idempotency-Key to a key derived once from the operation before %s",
			w.method, w.chain, at.where, at.retry)
	}
	c.rep.Report(node, msg, report.Category("nokey"))
}
