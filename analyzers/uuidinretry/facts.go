package uuidinretry

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ast/inspector"

	"github.com/idemlint/idemlint/internal/apis"
	"github.com/idemlint/idemlint/internal/calls"
	"github.com/idemlint/idemlint/internal/funcname"
)

// MakesFreshID marks a function that makes a fresh identifier without
// receiving one: at its call sites inside an attempt it counts as a generator.
type MakesFreshID struct {
	Chain string // the calls below the function, e.g. "uuid.NewString"
	// Key names the idempotency field of the function's result that holds
	// the fresh identifier ("field IdempotencyKey"), when it returns one
	// (an event header constructor): its result is a fresh key wherever
	// it is stored, Header: NewEventHeader() included.
	Key string
}

func (*MakesFreshID) AFact() {}

func (f *MakesFreshID) String() string {
	if f.Key != "" {
		return "makesFreshID(" + f.Chain + ", returned in " + f.Key + ")"
	}
	return "makesFreshID(" + f.Chain + ")"
}

// RetriesParam marks a function that calls its function parameter Param
// (0-based, receiver excluded) once per attempt of a retry: a company's own
// retryutil.Do.
type RetriesParam struct {
	Param int
}

func (*RetriesParam) AFact() {}

func (f *RetriesParam) String() string { return fmt.Sprintf("retriesParam(%d)", f.Param) }

// SendsUnkeyedWrite marks a function that sends a POST, PUT or PATCH request
// without an Idempotency-Key header, or asks a payment provider to create an
// object with no idempotency key in its params (Payment).
type SendsUnkeyedWrite struct {
	Method  string
	Chain   string // the calls below the function, e.g. "(*http.Client).Do"
	Payment bool
}

func (*SendsUnkeyedWrite) AFact() {}

func (f *SendsUnkeyedWrite) String() string {
	if f.Payment {
		return "sendsUnkeyedPayment(" + f.Chain + ")"
	}
	return "sendsUnkeyedWrite(" + f.Method + " via " + f.Chain + ")"
}

// funcInfo is the summary of one function: its facts (nil: none).
type funcInfo struct {
	fresh   *MakesFreshID
	retries *RetriesParam
	unkeyed *SendsUnkeyedWrite
}

// FactFields lists the fact fields, for calls.Derived to import and export.
func (s *funcInfo) FactFields() []any { return []any{&s.fresh, &s.retries, &s.unkeyed} }

// computeSummary computes the summary of a function declared in the
// package (calls.Derived memoises it). Where the gate is closed only
// RetriesParam can arise, and only it is computed.
func (c *checker) computeSummary(_ *types.Func, fd *ast.FuncDecl) *funcInfo {
	s := &funcInfo{retries: c.computeRetries(fd)}
	if !c.retriesOnly {
		s.fresh = c.computeFresh(fd)
		s.unkeyed = c.computeUnkeyed(fd)
	}
	if calls.NoFacts(s) {
		return nil
	}
	return s
}

// calleeSummary returns the summary of fn (nil: none): computed for a
// function of this package, imported otherwise.
func (c *checker) calleeSummary(fn *types.Func) *funcInfo { return c.sums.Of(fn) }

// A reached is a function a call or a function value may run, with its
// summary.
type reached = calls.Reached[*funcInfo]

// targetsChain returns the chain by which every function of ts has an
// effect, below(t) giving the chain under one of them ("": none). name
// is the called function, interface method or function value, put first
// when the targets are not the callee itself ("": they are).
func targetsChain(name string, ts []reached, below func(reached) string) (string, bool) {
	first := ""
	if !calls.Every(ts, func(t reached) bool {
		b := below(t)
		if first == "" {
			first = b
		}
		return b != ""
	}) {
		return "", false
	}
	if name == "" {
		return first, true
	}
	return name + " → " + first, true
}

// calleeName is the name targetsChain puts before the chain of a call's
// targets: none for a static callee (its own chain names it), the
// interface method for an interface call, the expression for a function
// value.
func (c *checker) calleeName(call *ast.CallExpr, ts []reached) string {
	if fn := apis.Callee(c.pass.TypesInfo, call); fn != nil {
		if len(ts) > 0 && ts[0].Via != nil {
			return funcname.Code(fn, c.pass.Pkg)
		}
		return ""
	}
	return types.ExprString(call.Fun)
}

// computeFresh decides whether fd makes a fresh identifier (one that does
// not only feed logging) without receiving one.
func (c *checker) computeFresh(fd *ast.FuncDecl) *MakesFreshID {
	if c.receivesID(fd) {
		return nil
	}
	var found *MakesFreshID
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if found != nil && found.Key != "" {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			return false // runs when called, not when fd is
		case *ast.CallExpr:
			g, ok := c.generator(n)
			if !ok {
				return true
			}
			cur, ok := c.findNode(n)
			if !ok {
				return true
			}
			top := c.topExpr(cur)
			if fl := c.flow(top); fl.nonLog {
				if key := returnedKey(top, g); key != "" {
					found = &MakesFreshID{Chain: g.chain, Key: key}
				} else if found == nil {
					found = &MakesFreshID{Chain: g.chain}
				}
			}
		}
		return true
	})
	return found
}

// receivesID reports whether fd has a parameter that may carry an
// identifier: one of an identifier library's types, or a string or bytes
// parameter named like a key or ID.
func (c *checker) receivesID(fd *ast.FuncDecl) bool {
	obj, ok := c.pass.TypesInfo.Defs[fd.Name].(*types.Func)
	if !ok {
		return false
	}
	params := obj.Signature().Params()
	for i := range params.Len() {
		p := params.At(i)
		t := p.Type()
		if ptr, ok := t.(*types.Pointer); ok {
			t = ptr.Elem()
		}
		if n, ok := types.Unalias(t).(*types.Named); ok && n.Obj().Pkg() != nil && apis.IsIDType(n.Obj().Pkg().Path()) {
			return true
		}
		if isStringish(t) && isIDName(p.Name()) {
			return true
		}
	}
	return false
}

func isStringish(t types.Type) bool {
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return u.Info()&types.IsString != 0
	case *types.Slice:
		b, ok := u.Elem().Underlying().(*types.Basic)
		return ok && b.Kind() == types.Byte
	}
	return false
}

// isIDName reports whether a parameter name says it carries a key or ID.
func isIDName(name string) bool {
	lower := strings.ToLower(name)
	return lower == "id" || strings.HasSuffix(name, "ID") || strings.HasSuffix(name, "Id") ||
		strings.HasSuffix(lower, "_id") || strings.Contains(lower, "key")
}

// funcParamIndex returns the index of the parameter declared by obj in fd's
// signature, or -1.
func funcParamIndex(sig *types.Signature, obj types.Object) int {
	for i := range sig.Params().Len() {
		if sig.Params().At(i) == obj {
			return i
		}
	}
	return -1
}

// computeRetries decides whether fd calls one of its function parameters
// once per attempt of a retry, or hands it to a retry function.
func (c *checker) computeRetries(fd *ast.FuncDecl) *RetriesParam {
	obj, ok := c.pass.TypesInfo.Defs[fd.Name].(*types.Func)
	if !ok {
		return nil
	}
	sig := obj.Signature()
	hasFuncParam := false
	for i := range sig.Params().Len() {
		if _, ok := sig.Params().At(i).Type().Underlying().(*types.Signature); ok {
			hasFuncParam = true
		}
	}
	if !hasFuncParam || !c.usesFuncParam(obj, fd) {
		return nil
	}
	fdCur, ok := c.findNode(fd)
	if !ok {
		return nil
	}
	var found *RetriesParam
	for cur := range fdCur.Preorder((*ast.CallExpr)(nil)) {
		if found != nil {
			break
		}
		call := cur.Node().(*ast.CallExpr)
		// fd hands the parameter to a retry function as its operation.
		if op, _, ok := c.retryOperation(call); ok {
			if id, ok := ast.Unparen(op).(*ast.Ident); ok {
				if i := funcParamIndex(sig, c.pass.TypesInfo.Uses[id]); i >= 0 {
					found = &RetriesParam{Param: i}
					break
				}
			}
		}
		// fd calls the parameter inside an attempt.
		id, ok := ast.Unparen(call.Fun).(*ast.Ident)
		if !ok {
			continue
		}
		i := funcParamIndex(sig, c.pass.TypesInfo.Uses[id])
		if i < 0 {
			continue
		}
		if _, ok := c.enclosingAttempt(cur, fdCur); ok {
			found = &RetriesParam{Param: i}
		}
	}
	return found
}

// computeUnkeyed decides whether fd sends a write request without an
// Idempotency-Key header; a payment create is preferred, since it is
// judged in deliveries too.
func (c *checker) computeUnkeyed(fd *ast.FuncDecl) *SendsUnkeyedWrite {
	fdCur, ok := c.findNode(fd)
	if !ok {
		return nil
	}
	var found *SendsUnkeyedWrite
	for cur := range fdCur.Preorder((*ast.CallExpr)(nil)) {
		if found != nil && found.Payment {
			break
		}
		if w, ok := c.unkeyedWrite(cur); ok && (found == nil || w.payment) {
			found = &SendsUnkeyedWrite{Method: w.method, Chain: w.chain, Payment: w.payment}
		}
	}
	return found
}

// returnedKey returns the idempotency field of the function's result that
// the identifier at top is stored in ("field IdempotencyKey"): a field of
// the literal the function returns (return Header{IdempotencyKey:
// uuid.NewString()}), or the result of a call returning one, returned
// as is. "" otherwise.
func returnedKey(top inspector.Cursor, g genCall) string {
	parent := top.Parent()
	if _, ok := parent.Node().(*ast.ReturnStmt); ok {
		return g.key
	}
	kv, ok := parent.Node().(*ast.KeyValueExpr)
	if !ok || kv.Value != top.Node() {
		return ""
	}
	key, ok := kv.Key.(*ast.Ident)
	if !ok || !apis.IsIdempotencyName(key.Name) {
		return ""
	}
	lit := parent.Parent()
	if _, ok := lit.Node().(*ast.CompositeLit); !ok {
		return ""
	}
	up := lit.Parent()
	for {
		switch n := up.Node().(type) {
		case *ast.ParenExpr:
			up = up.Parent()
			continue
		case *ast.UnaryExpr:
			if n.Op == token.AND {
				up = up.Parent()
				continue
			}
		}
		break
	}
	if _, ok := up.Node().(*ast.ReturnStmt); ok {
		return "field " + key.Name
	}
	return ""
}
