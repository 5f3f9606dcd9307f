package uuidinretry

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/ast/inspector"

	"github.com/idemlint/idemlint/internal/apis"
)

// genCall describes a call that makes a fresh identifier.
type genCall struct {
	chain string // "uuid.NewString", or "newKey → uuid.NewString" through calls
}

// generator reports whether call makes a fresh identifier: a library
// generator, or a function with the MakesFreshID fact.
func (c *checker) generator(call *ast.CallExpr) (genCall, bool) {
	fn := apis.Callee(c.pass.TypesInfo, call)
	if fn == nil {
		return genCall{}, false
	}
	if c.generators.Match(fn) {
		return genCall{chain: displayName(fn, nil)}, true
	}
	if s := c.calleeSummary(fn); s != nil && s.fresh != nil {
		return genCall{chain: displayName(fn, c.pass.Pkg) + " → " + s.fresh.Chain}, true
	}
	return c.interfaceGenerator(fn)
}

// interfaceGenerator reports whether fn is a method of an interface whose
// implementations in sight (the call layer's resolution: this package and
// its direct imports, test files excluded) all make a fresh identifier: an
// IDGenerator interface over uuid.
func (c *checker) interfaceGenerator(fn *types.Func) (genCall, bool) {
	recv := fn.Signature().Recv()
	if c.layer == nil || recv == nil || !types.IsInterface(recv.Type()) {
		return genCall{}, false
	}
	impls := c.layer.Implementations(fn)
	if len(impls) == 0 {
		return genCall{}, false
	}
	chain := ""
	for _, impl := range impls {
		var below string
		switch s := c.calleeSummary(impl); {
		case c.generators.Match(impl):
			below = displayName(impl, nil)
		case s != nil && s.fresh != nil:
			below = displayName(impl, c.pass.Pkg) + " → " + s.fresh.Chain
		default:
			return genCall{}, false
		}
		if chain == "" {
			chain = below
		}
	}
	return genCall{chain: displayName(fn, c.pass.Pkg) + " → " + chain}, true
}

// topExpr climbs from a generator call to the expression that holds the
// identifier: uuid.New().String(), uuid.Must(uuid.NewRandom()), string(id).
func (c *checker) topExpr(cur inspector.Cursor) inspector.Cursor {
	for {
		parent := cur.Parent()
		switch p := parent.Node().(type) {
		case *ast.ParenExpr:
			cur = parent
			continue
		case *ast.SelectorExpr:
			// id.String(), id.Bytes()
			if call, ok := parent.Parent().Node().(*ast.CallExpr); ok && call.Fun == p {
				if fn := apis.Callee(c.pass.TypesInfo, call); fn != nil && apis.IsIDType(pkgPath(fn)) {
					cur = parent.Parent()
					continue
				}
			}
		case *ast.CallExpr:
			if fn := apis.Callee(c.pass.TypesInfo, p); fn != nil && apis.IsIDMustWrapper(apis.Describe(fn)) {
				cur = parent
				continue
			}
			if tv, ok := c.pass.TypesInfo.Types[p.Fun]; ok && tv.IsType() {
				cur = parent
				continue
			}
		}
		return cur
	}
}

func pkgPath(fn *types.Func) string {
	if fn.Pkg() == nil {
		return ""
	}
	return fn.Pkg().Path()
}

// retryOperation reports whether call is a retry (a library retry function
// or a function with the RetriesParam fact), and returns its operation
// argument and the name to show for the retry.
func (c *checker) retryOperation(call *ast.CallExpr) (ast.Expr, string, bool) {
	if op, fn := c.retryFuncs.Operation(c.pass.TypesInfo, call); op != nil {
		return op, displayName(fn, nil), true
	}
	fn := apis.Callee(c.pass.TypesInfo, call)
	if fn == nil {
		return nil, "", false
	}
	s := c.calleeSummary(fn)
	if s == nil || s.retries == nil {
		return nil, "", false
	}
	i := s.retries.Param
	if fn.Signature().Recv() != nil || i < len(call.Args) {
		if i < len(call.Args) {
			return call.Args[i], displayName(fn, c.pass.Pkg), true
		}
	}
	return nil, "", false
}

// displayName names fn in a message: "uuid.NewString", "(*Client).Charge",
// "payment.(*Client).Charge"; the package is left out when it is from.
func displayName(fn *types.Func, from *types.Package) string {
	fn = fn.Origin()
	qual := ""
	if fn.Pkg() != nil && fn.Pkg() != from {
		qual = fn.Pkg().Name() + "."
	}
	recv := fn.Signature().Recv()
	if recv == nil {
		return qual + fn.Name()
	}
	t := recv.Type()
	ptr := false
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t, ptr = p.Elem(), true
	}
	name := apis.TypeName(t)
	if name == "" {
		return qual + fn.Name()
	}
	if ptr {
		return qual + "(*" + name + ")." + fn.Name()
	}
	if qual == "" {
		return name + "." + fn.Name()
	}
	return qual + name + "." + fn.Name()
}
