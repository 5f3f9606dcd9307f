package checkthenact

import (
	"go/ast"
	"go/types"
	"strings"

	"github.com/idemlint/idemlint/internal/apis"
	"github.com/idemlint/idemlint/internal/calls"
	"github.com/idemlint/idemlint/internal/funcname"
)

// An effect is what a call does that a check cannot take back, each with
// the chain of calls that does it.
type effect struct {
	leaves  []string   // a network call, a publish, running a handler
	writes  []string   // a database or Redis write
	locks   []string   // a lock or SERIALIZABLE
	unknown []string   // a call whose work is out of sight (a function value, an interface without implementation in sight)
	ports   []PortCall // the ports it reaches whose implementation is out of sight (ports.go)
}

func (e effect) none() bool {
	return e.leaves == nil && e.writes == nil && e.locks == nil && e.unknown == nil && e.ports == nil
}

// callOps returns the key operations of a call and its effects: a library
// call's from the tables, a helper's from its KeyOps summary (an interface
// method's from the implementations in sight, a function value's from the
// functions it may hold: calls.Derived).
func (c *checker) callOps(call *ast.CallExpr) ([]site, effect) {
	info := c.pass.TypesInfo
	var eff effect
	if tv, ok := info.Types[call.Fun]; ok && tv.IsType() {
		return nil, eff // a conversion
	}
	fn := apis.Callee(info, call)
	if fn == nil {
		return c.valueOps(call)
	}
	eff.leaves = c.calls.CallNet(call)
	sites, locks := c.libSites(call, fn)
	if locks {
		eff.locks = []string{c.libName(call, fn)}
	}
	if eff.leaves == nil && (c.publishes().Match(fn) || isServeHTTP(fn)) {
		eff.leaves = []string{c.libName(call, fn)}
	}
	if c.writes(call, fn) {
		eff.writes = []string{c.libName(call, fn)}
	}
	targets := c.keyOps.CallTargets(call)
	if len(targets) == 0 && isInterfaceMethod(fn) && c.ownCode(fn) {
		eff.unknown = []string{funcname.Code(fn, nil)}
	}
	eff.ports = c.callPorts(call, fn, targets)
	return c.targetOps(call, fn, targets, sites, eff)
}

// valueOps returns the key operations and effects of a call of a function
// value: those of the functions the call layer resolves it to (method
// values, functions stored in a local, field or map); work out of sight
// when it resolves to none, or to a literal.
func (c *checker) valueOps(call *ast.CallExpr) ([]site, effect) {
	eff := effect{leaves: c.calls.CallNet(call)}
	if _, lit := ast.Unparen(call.Fun).(*ast.FuncLit); lit {
		return nil, eff
	}
	if _, builtin := c.pass.TypesInfo.Uses[identOf(call.Fun)].(*types.Builtin); builtin {
		return nil, eff
	}
	targets := c.keyOps.CallTargets(call)
	for _, t := range targets {
		if t.Func == nil {
			eff.unknown = []string{render(call.Fun)}
		}
	}
	if len(targets) == 0 {
		eff.unknown = []string{render(call.Fun)}
	}
	eff.ports = c.callPorts(call, nil, targets)
	return c.targetOps(call, nil, targets, nil, eff)
}

// targetOps adds the key operations and effects of the functions a call
// reaches (fn: the callee, nil for a function value) to those of the call.
func (c *checker) targetOps(call *ast.CallExpr, fn *types.Func, targets []calls.Reached[*KeyOps], sites []site, eff effect) ([]site, effect) {
	seen := make(map[string]bool)
	for _, t := range targets {
		s := t.Sum
		if s == nil {
			continue
		}
		callee, name := fn, ""
		if fn != nil {
			name = funcname.Code(fn, nil)
		} else {
			callee, name = t.Func, funcname.Code(t.Func, nil)
		}
		for _, op := range s.Ops {
			if fn == nil && op.Param < 0 {
				continue // a method value's receiver is not at the call
			}
			key := c.argOf(call, callee, op.Param)
			if key == nil || seen[op.String()] {
				continue
			}
			seen[op.String()] = true
			op.Chain = clip(append([]string{name}, op.Chain...))
			sites = append(sites, site{op: op, call: call, key: key, path: op.Path})
		}
		eff.leaves = orChain(eff.leaves, name, s.Leaves)
		eff.writes = orChain(eff.writes, name, s.Writes)
		eff.locks = orChain(eff.locks, name, s.Locks)
	}
	return sites, eff
}

func orChain(have []string, name string, below []string) []string {
	if have != nil || below == nil {
		return have
	}
	return clip(append([]string{name}, below...))
}

func identOf(e ast.Expr) *ast.Ident {
	id, _ := ast.Unparen(e).(*ast.Ident)
	return id
}

// argOf returns the expression a call passes for parameter i (-1: the
// receiver), or nil.
func (c *checker) argOf(call *ast.CallExpr, fn *types.Func, i int) ast.Expr {
	if i < 0 {
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
			return sel.X
		}
		return nil
	}
	sig := fn.Signature()
	if i >= len(call.Args) || sig.Variadic() && i >= sig.Params().Len()-1 {
		return nil
	}
	return call.Args[i]
}

func isInterfaceMethod(fn *types.Func) bool {
	recv := fn.Signature().Recv()
	return recv != nil && types.IsInterface(recv.Type())
}

func isServeHTTP(fn *types.Func) bool {
	d := apis.Describe(fn)
	return d.Path == "net/http" && d.Name == "ServeHTTP"
}

// ownCode reports whether fn is declared in the analysed repository (its
// import path shares the package's first three elements).
func (c *checker) ownCode(fn *types.Func) bool {
	if fn.Pkg() == nil {
		return false
	}
	root := func(p string) string {
		parts := strings.SplitN(p, "/", 4)
		return strings.Join(parts[:min(3, len(parts))], "/")
	}
	return root(fn.Pkg().Path()) == root(c.pass.Pkg.Path())
}

// publishes returns the broker produce and publish calls.
func (c *checker) publishes() *apis.Set {
	if c.pubs == nil {
		c.pubs = apis.KafkaProduces()
		for _, f := range apis.PublishContextSinks().Funcs() {
			c.pubs.Add(f)
		}
	}
	return c.pubs
}

// writes reports whether a library call writes: SQL that is not a SELECT
// (an Exec whose SQL is not constant), or a GORM, bun, MongoDB or Redis
// write.
func (c *checker) writes(call *ast.CallExpr, fn *types.Func) bool {
	if qc, ok := apis.SQLQueryCall(c.pass.TypesInfo, call); ok {
		text, ok := c.constString(call.Args[qc.Arg])
		if !ok {
			return qc.Kind == apis.QueryExec
		}
		q := query(text)
		return q.writes()
	}
	if c.stmts == nil {
		c.stmts = apis.DBStatements()
	}
	return c.stmts.Match(fn)
}

// compute summarises a function declaration: the key operations of its
// calls whose key comes from a parameter or the receiver, and its effects.
func (c *checker) compute(_ *types.Func, decl *ast.FuncDecl) *KeyOps {
	s := &KeyOps{}
	seen := make(map[string]bool)
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && apis.IsSerializable(c.pass.TypesInfo.Uses[id]) && s.Locks == nil {
			s.Locks = []string{id.Name}
		}
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		sites, eff := c.callOps(call)
		if s.Leaves == nil {
			s.Leaves = eff.leaves
		}
		if s.Writes == nil {
			s.Writes = eff.writes
		}
		if s.Locks == nil {
			s.Locks = eff.locks
		}
		s.Ports = addPorts(s.Ports, "", eff.ports)
		for _, st := range sites {
			for _, op := range c.exported(st) {
				if k := op.String(); !seen[k] && len(s.Ops) < maxOps {
					seen[k] = true
					s.Ops = append(s.Ops, op)
				}
			}
		}
		return true
	})
	if s.empty() {
		return nil
	}
	return s
}

// exported returns the operations of a site as its function's own, when
// the key comes from a parameter or the receiver. A whole GORM model built
// inside the function is split into its fields that do.
func (c *checker) exported(st site) []KeyOp {
	whole := len(st.path) > 0 && st.path[len(st.path)-1] == "*"
	prefix := st.path
	if whole {
		prefix = st.path[:len(st.path)-1]
	}
	if a, ok := c.accessOf(st.key, prefix); ok {
		if v, ok := a.root.(*types.Var); ok && c.isParam(v) {
			op := st.op
			op.Param = c.params[v]
			op.Path = a.path
			if whole {
				op.Path = append(append([]string{}, a.path...), "*")
			}
			return []KeyOp{op}
		}
	}
	if !whole || len(prefix) > 0 {
		return nil
	}
	stt, _ := apis.GORMModel(c.pass.TypesInfo.TypeOf(st.key))
	if stt == nil {
		return nil
	}
	var out []KeyOp
	for i := range stt.NumFields() {
		f := stt.Field(i)
		if f.Embedded() || !f.Exported() {
			continue
		}
		a, ok := c.accessOf(st.key, []string{f.Name()})
		if !ok {
			continue
		}
		if v, ok := a.root.(*types.Var); ok && c.isParam(v) {
			op := st.op
			op.Param, op.Path, op.Column = c.params[v], a.path, apis.GORMColumn(f, stt)
			out = append(out, op)
		}
	}
	return out
}
