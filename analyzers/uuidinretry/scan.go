package uuidinretry

import (
	"go/ast"
	"go/constant"
	"go/types"

	"golang.org/x/tools/go/ast/inspector"

	"github.com/idemlint/idemlint/internal/apis"
	"github.com/idemlint/idemlint/internal/calls"
	"github.com/idemlint/idemlint/internal/funcname"
)

// scanAttempt reports what one attempt does wrong: identifiers made fresh
// (in a delivery, only those that reach a dedup sink) and, under a retry,
// write requests without an Idempotency-Key header.
func (c *checker) scanAttempt(body inspector.Cursor, at attempt) {
	for cur := range body.Preorder((*ast.CallExpr)(nil)) {
		call := cur.Node().(*ast.CallExpr)
		if g, ok := c.generator(call); ok {
			if !c.checkFresh(cur, g, body, at) && at.helpers {
				c.scanHelper(call, at) // a helper that sends its key itself
			}
			continue
		}
		if at.helpers {
			c.scanHelper(call, at)
		}
		if at.depth > 0 {
			continue // a helper's unkeyed writes are reported at its call (SendsUnkeyedWrite)
		}
		// A delivery is an attempt too (SPEC: redelivery is a retry): a
		// write request or a payment create without a key is repeated by
		// the redelivery that follows a later failure.
		if w, ok := c.unkeyedWrite(cur); ok {
			c.reportUnkeyed(call, w, at)
		}
	}
}

// checkFresh reports the identifier the generator call at cur makes when
// it is made once per attempt and reaches what the attempt's kind needs
// (in a delivery, a dedup sink); it reports whether it did.
func (c *checker) checkFresh(cur inspector.Cursor, g genCall, body inspector.Cursor, at attempt) bool {
	call := cur.Node().(*ast.CallExpr)
	top := c.topExpr(cur)
	if c.madeOnce(top, body) {
		return false
	}
	fl := c.flow(top)
	if at.kind == delivery && fl.dedup == "" && fl.nonLog && g.key != "" {
		fl.dedup = g.key + " of its result" // a helper's result carrying the fresh key: NewEventHeader()
	}
	if !fl.nonLog || at.kind == delivery && fl.dedup == "" || c.stableKeyBeside(fl, body.Node()) {
		return false
	}
	c.reportFresh(call, g, fl, at)
	return true
}

// unkeyed describes a write request sent without an Idempotency-Key header.
type unkeyed struct {
	method   string
	chain    string
	retrying bool // built for a retrying client
	payment  bool // a payment provider's create call (stripe-go), no key in its params
}

// unkeyedWrite reports whether the call at cur sends (or builds for
// sending) a POST, PUT or PATCH without an Idempotency-Key header.
func (c *checker) unkeyedWrite(cur inspector.Cursor) (unkeyed, bool) {
	info := c.pass.TypesInfo
	call := cur.Node().(*ast.CallExpr)
	ownAPI := apis.IsOwnAPI(c.pass.Pkg, apis.Callee(info, call)) // the HTTP library's own code
	if rb, ok := apis.RequestBuilt(info, call); ok && !ownAPI {
		if !apis.IsWriteMethod(rb.Method) || c.requestMayBeKeyed(cur) {
			return unkeyed{}, false
		}
		fn := apis.Callee(info, call)
		return unkeyed{method: rb.Method, chain: funcname.Code(fn, nil), retrying: rb.Retrying}, true
	}
	if rb, ok := apis.RestyWrite(info, call); ok && !ownAPI && !c.mentionsIdempotency(cur) {
		fn := apis.Callee(info, call)
		return unkeyed{method: rb.Method, chain: funcname.Code(fn, nil)}, true
	}
	if apis.FastHTTPSend(info, call) && !ownAPI && !c.mentionsIdempotency(cur) {
		if m := c.fastHTTPWriteMethod(cur); m != "" {
			return unkeyed{method: m, chain: funcname.Code(apis.Callee(info, call), nil)}, true
		}
	}
	if rb, ok := apis.HeaderlessWrite(info, call); ok && !ownAPI {
		fn := apis.Callee(info, call)
		return unkeyed{method: rb.Method, chain: funcname.Code(fn, nil), retrying: rb.Retrying}, true
	}
	if w, ok := c.unkeyedPaymentCreate(cur); ok {
		return w, true
	}
	ts := c.sums.CallTargets(call)
	if chain, ok := targetsChain(c.calleeName(call, ts), ts, c.unkeyedBelow); ok && !c.carriesBodyKey(call) {
		payment := calls.Every(ts, func(t reached) bool { return t.Sum.unkeyed.Payment })
		return unkeyed{method: ts[0].Sum.unkeyed.Method, chain: chain, payment: payment}, true
	}
	return unkeyed{}, false
}

// unkeyedBelow returns the chain by which a call of t sends an unkeyed
// write ("": it does not).
func (c *checker) unkeyedBelow(t reached) string {
	if t.Func == nil || t.Sum == nil || t.Sum.unkeyed == nil {
		return ""
	}
	return funcname.Code(t.Func, c.pass.Pkg) + " → " + t.Sum.unkeyed.Chain
}

// requestMayBeKeyed reports whether the request built at cur may get an
// Idempotency-Key header: the function that builds it names the header
// anywhere, or hands the request to code that could set it, or returns it.
func (c *checker) requestMayBeKeyed(cur inspector.Cursor) bool {
	info := c.pass.TypesInfo
	fn, ok := enclosingFunc(cur)
	if !ok {
		return true
	}
	// the request variable
	var req types.Object
	if as, ok := cur.Parent().Node().(*ast.AssignStmt); ok && len(as.Lhs) > 0 {
		if id, ok := as.Lhs[0].(*ast.Ident); ok {
			req = info.ObjectOf(id)
		}
	}
	if req == nil {
		return true // built inline: cannot tell
	}
	mayBe := false
	for n := range fn.Preorder((*ast.BasicLit)(nil), (*ast.CallExpr)(nil), (*ast.ReturnStmt)(nil), (*ast.Ident)(nil)) {
		switch n := n.Node().(type) {
		case *ast.BasicLit:
			if tv, ok := info.Types[n]; ok && tv.Value != nil && tv.Value.Kind() == constant.String && apis.IsIdempotencyName(constant.StringVal(tv.Value)) {
				mayBe = true
			}
		case *ast.Ident:
			// a named constant such as HeaderIdempotencyKey
			if k, ok := info.Uses[n].(*types.Const); ok && k.Val().Kind() == constant.String && apis.IsIdempotencyName(constant.StringVal(k.Val())) {
				mayBe = true
			}
		case *ast.ReturnStmt:
			for _, r := range n.Results {
				if id, ok := ast.Unparen(r).(*ast.Ident); ok && info.Uses[id] == req {
					mayBe = true
				}
			}
		case *ast.CallExpr:
			callee := apis.Callee(info, n)
			for _, a := range n.Args {
				id, ok := ast.Unparen(a).(*ast.Ident)
				if !ok || info.Uses[id] != req {
					continue
				}
				if callee == nil || !networkCalls.Match(callee) {
					mayBe = true // a helper may set the header
				}
			}
		}
		if mayBe {
			return true
		}
	}
	return false
}

var networkCalls = apis.NetworkCalls()

// mentionsIdempotency reports whether the function around cur names an
// Idempotency-Key header (a constant), so a request it sends may carry one:
// resty requests set headers through chained calls or helpers.
func (c *checker) mentionsIdempotency(cur inspector.Cursor) bool {
	fn, ok := enclosingFunc(cur)
	if !ok {
		return true
	}
	info := c.pass.TypesInfo
	for n := range fn.Preorder((*ast.BasicLit)(nil), (*ast.Ident)(nil)) {
		switch n := n.Node().(type) {
		case *ast.BasicLit:
			if tv, ok := info.Types[n]; ok && tv.Value != nil && tv.Value.Kind() == constant.String && apis.IsIdempotencyName(constant.StringVal(tv.Value)) {
				return true
			}
		case *ast.Ident:
			if k, ok := info.Uses[n].(*types.Const); ok && k.Val().Kind() == constant.String && apis.IsIdempotencyName(constant.StringVal(k.Val())) {
				return true
			}
		}
	}
	return false
}

// checkRetryingClientWrite reports a write request built for a retrying
// HTTP client without an Idempotency-Key header, wherever it is built.
func (c *checker) checkRetryingClientWrite(cur inspector.Cursor, call *ast.CallExpr) {
	if rb, ok := apis.RequestBuilt(c.pass.TypesInfo, call); !ok || !rb.Retrying {
		if rb, ok := apis.HeaderlessWrite(c.pass.TypesInfo, call); !ok || !rb.Retrying {
			return
		}
	}
	if w, ok := c.unkeyedWrite(cur); ok && w.retrying {
		c.reportUnkeyed(call, w, attempt{})
	}
}
