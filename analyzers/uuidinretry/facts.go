package uuidinretry

import (
	"fmt"
	"go/ast"
	"go/types"
	"strings"

	"github.com/idemlint/idemlint/internal/apis"
)

// MakesFreshID marks a function that makes a fresh identifier without
// receiving one: at its call sites inside an attempt it counts as a generator.
type MakesFreshID struct {
	Chain string // the calls below the function, e.g. "uuid.NewString"
}

func (*MakesFreshID) AFact() {}

func (f *MakesFreshID) String() string { return "makesFreshID(" + f.Chain + ")" }

// RetriesParam marks a function that calls its function parameter Param
// (0-based, receiver excluded) once per attempt of a retry: a company's own
// retryutil.Do.
type RetriesParam struct {
	Param int
}

func (*RetriesParam) AFact() {}

func (f *RetriesParam) String() string { return fmt.Sprintf("retriesParam(%d)", f.Param) }

// SendsUnkeyedWrite marks a function that sends a POST, PUT or PATCH request
// without an Idempotency-Key header.
type SendsUnkeyedWrite struct {
	Method string
	Chain  string // the calls below the function, e.g. "(*http.Client).Do"
}

func (*SendsUnkeyedWrite) AFact() {}

func (f *SendsUnkeyedWrite) String() string {
	return "sendsUnkeyedWrite(" + f.Method + " via " + f.Chain + ")"
}

// funcInfo is the summary of one function declared in the package.
type funcInfo struct {
	started bool
	fresh   *MakesFreshID
	retries *RetriesParam
	unkeyed *SendsUnkeyedWrite
}

// indexDecls maps each function declared in the package to its declaration.
func (c *checker) indexDecls() {
	for _, f := range c.pass.Files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
				if obj, ok := c.pass.TypesInfo.Defs[fd.Name].(*types.Func); ok {
					c.decls[obj] = fd
				}
			}
		}
	}
}

// exportFacts summarises every function of the package and exports the
// facts that other packages need: those of exported functions and methods
// (the others are only called from this package, which computes them).
func (c *checker) exportFacts() {
	for obj, fd := range c.decls {
		fn := obj.(*types.Func)
		if !fn.Exported() {
			continue
		}
		s := c.summary(fd)
		if s.fresh != nil {
			c.pass.ExportObjectFact(fn, s.fresh)
		}
		if s.retries != nil {
			c.pass.ExportObjectFact(fn, s.retries)
		}
		if s.unkeyed != nil {
			c.pass.ExportObjectFact(fn, s.unkeyed)
		}
	}
}

// summary computes (once) the summary of a function declared in the package.
// A recursive call sees the incomplete summary, which is conservative.
func (c *checker) summary(fd *ast.FuncDecl) *funcInfo {
	if s, ok := c.funcs[fd]; ok {
		return s
	}
	s := &funcInfo{started: true}
	c.funcs[fd] = s
	s.retries = c.computeRetries(fd)
	s.fresh = c.computeFresh(fd)
	s.unkeyed = c.computeUnkeyed(fd)
	return s
}

// calleeSummary returns the facts of fn: computed for functions of this
// package, imported otherwise.
func (c *checker) calleeSummary(fn *types.Func) *funcInfo {
	if fn == nil {
		return nil
	}
	fn = fn.Origin()
	if fd, ok := c.decls[fn]; ok {
		return c.summary(fd)
	}
	if fn.Pkg() == c.pass.Pkg {
		return nil
	}
	s := &funcInfo{}
	var fresh MakesFreshID
	if c.pass.ImportObjectFact(fn, &fresh) {
		s.fresh = &fresh
	}
	var retries RetriesParam
	if c.pass.ImportObjectFact(fn, &retries) {
		s.retries = &retries
	}
	var unkeyed SendsUnkeyedWrite
	if c.pass.ImportObjectFact(fn, &unkeyed) {
		s.unkeyed = &unkeyed
	}
	return s
}

// computeFresh decides whether fd makes a fresh identifier (one that does
// not only feed logging) without receiving one.
func (c *checker) computeFresh(fd *ast.FuncDecl) *MakesFreshID {
	if c.receivesID(fd) {
		return nil
	}
	var found *MakesFreshID
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if found != nil {
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
			if fl := c.flow(c.topExpr(cur)); fl.nonLog {
				found = &MakesFreshID{Chain: g.chain}
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
	if !hasFuncParam {
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
// Idempotency-Key header.
func (c *checker) computeUnkeyed(fd *ast.FuncDecl) *SendsUnkeyedWrite {
	fdCur, ok := c.findNode(fd)
	if !ok {
		return nil
	}
	var found *SendsUnkeyedWrite
	for cur := range fdCur.Preorder((*ast.CallExpr)(nil)) {
		if found != nil {
			break
		}
		if w, ok := c.unkeyedWrite(cur); ok {
			found = &SendsUnkeyedWrite{Method: w.method, Chain: w.chain}
		}
	}
	return found
}
