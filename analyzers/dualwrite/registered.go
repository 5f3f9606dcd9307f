package dualwrite

import (
	"fmt"
	"go/ast"
	"go/types"
	"slices"
	"strings"

	"github.com/idemlint/idemlint/internal/apis"
	"github.com/idemlint/idemlint/internal/calls"
	"github.com/idemlint/idemlint/internal/consume"
	"github.com/idemlint/idemlint/internal/gate"
	"github.com/idemlint/idemlint/internal/ssabuild"
)

// Handlers registered on the project's event bus. A handler that writes
// and then emits an event is left alone when it handles a consumed
// message (checkFunc): the consumer commits only after it returned, and
// redelivers it when it failed. A handler registered on an event bus
// (bus.Register(t, withdraw.HandleValidated(bus, db))) shows no message
// type: its bus's consume loop, in another package, fetches the message,
// runs the registered handlers and commits after them. Three facts carry
// that to the package that completes the handler's pending site:
//
//   - the bus package marks the bus's Register method KeepsHandler (it
//     keeps its function parameter, and a consume loop of its type runs
//     values of that type and commits after; consume.KeptHandlers);
//   - the package of the handler records, in the pending site, that the
//     literal is what its function returns (PendingSite.Returned);
//   - the package that registers it (a call of a method with a function
//     parameter given F(...) or F) lists the registration in its
//     Registered fact.
//
// Where the site is completed with an implementation of the publish (or
// write) whose receiver type's Register keeps the handler, the site is
// not reported: the handler runs as that bus's consumer handler. A bus
// whose loop commits before it runs the handlers keeps none.

// KeepsHandler marks a method of an event bus that keeps its function
// parameter Param for a consume loop of its type that commits after
// running it.
type KeepsHandler struct {
	Param  int
	Loop   string
	Commit string
}

// AFact implements analysis.Fact.
func (*KeepsHandler) AFact() {}

func (f *KeepsHandler) String() string {
	return fmt.Sprintf("keepsHandler(%d for %s, committed by %s)", f.Param, f.Loop, f.Commit)
}

// Registered lists the handlers a package registers whose functions left
// a dual write pending.
type Registered struct {
	Handlers []Registration
}

// A Registration is one call registering a handler.
type Registration struct {
	Func   string // the handler, named as PendingSite.Func names its function
	Method string // the registering method: methodKey
	Param  int    // the handler's parameter
}

// AFact implements analysis.Fact.
func (*Registered) AFact() {}

func (f *Registered) String() string {
	var parts []string
	for _, r := range f.Handlers {
		parts = append(parts, r.Func+" on "+r.Method[strings.LastIndex(r.Method, "/")+1:])
	}
	return "registered(" + strings.Join(parts, "; ") + ")"
}

const litPrefix = "a function literal in "

// maxRegistrations bounds a package's Registered fact.
const maxRegistrations = 32

// exportKeptHandlers computes and exports the KeepsHandler facts of the
// package's methods: only where a Kafka client or broker is in reach and
// a method takes a function parameter (the SSA is built for those only,
// once, shared with ctxcancel and the consume layer: ssabuild).
func (c *checker) exportKeptHandlers() {
	if consume.IgnoredPath(c.pass.Pkg.Path()) || !gate.Reaches(c.pass.Pkg, apis.KafkaPaths...) || !c.methodTakesFunc() {
		return // the clients themselves (the tables know them); no broker in reach; no Register
	}
	shared, _ := c.pass.ResultOf[ssabuild.Analyzer].(*ssabuild.Shared)
	if shared == nil {
		return
	}
	s := shared.Get()
	for fn, k := range consume.KeptHandlers(s.SrcFuncs, c.calls) {
		f := &KeepsHandler{Param: k.Param, Loop: k.Loop, Commit: k.Commit}
		c.kept[fn] = f
		c.pass.ExportObjectFact(fn, f)
	}
}

// methodTakesFunc reports whether the package declares a method with a
// parameter of function type.
func (c *checker) methodTakesFunc() bool {
	for _, file := range c.pass.Files {
		for _, d := range file.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Recv == nil {
				continue
			}
			fn, ok := c.pass.TypesInfo.Defs[fd.Name].(*types.Func)
			if !ok {
				continue
			}
			for p := range fn.Signature().Params().Variables() {
				if _, ok := p.Type().Underlying().(*types.Signature); ok {
					return true
				}
			}
		}
	}
	return false
}

// registrations returns the handler registrations of the package: calls
// of a method with a parameter of function type given a call of a
// declared function (its result: the literal it returns) or a declared
// function or method value.
func (c *checker) registrations() []Registration {
	var out []Registration
	info := c.pass.TypesInfo
	for _, file := range c.pass.Files {
		if strings.HasSuffix(c.pass.Fset.File(file.Pos()).Name(), "_test.go") {
			continue
		}
		ast.Inspect(file, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			m := apis.Callee(info, call)
			if m == nil || m.Signature().Recv() == nil {
				return true
			}
			key := methodKey(m)
			if key == "" {
				return true
			}
			params := m.Signature().Params()
			for i, arg := range call.Args {
				if i >= params.Len() {
					break
				}
				if _, ok := params.At(i).Type().Underlying().(*types.Signature); !ok {
					continue
				}
				if name := c.handlerName(arg); name != "" {
					out = append(out, Registration{Func: name, Method: key, Param: i})
				}
			}
			return true
		})
	}
	return out
}

// handlerName names the handler an argument gives, as pending sites name
// their functions: "a function literal in F" for a call of F, F for a
// function or method value; "" for anything else.
func (c *checker) handlerName(arg ast.Expr) string {
	info := c.pass.TypesInfo
	switch e := ast.Unparen(arg).(type) {
	case *ast.CallExpr:
		if f := apis.Callee(info, e); f != nil && f.Signature().Results().Len() == 1 {
			return litPrefix + funcName(f, nil)
		}
	case *ast.Ident, *ast.SelectorExpr:
		var id *ast.Ident
		if sel, ok := e.(*ast.SelectorExpr); ok {
			id = sel.Sel
		} else {
			id = e.(*ast.Ident)
		}
		if f, ok := info.Uses[id].(*types.Func); ok {
			return funcName(f, nil)
		}
	}
	return ""
}

// methodKey names a method, of an interface or a named type, in a fact:
// "import/path.Type.Method".
func methodKey(m *types.Func) string {
	recv := m.Signature().Recv()
	if recv == nil || m.Pkg() == nil {
		return ""
	}
	t := recv.Type()
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	named, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return ""
	}
	return m.Pkg().Path() + "." + named.Obj().Name() + "." + m.Name()
}

// allRegistrations returns the package's registrations and those its
// dependencies recorded.
func (c *checker) allRegistrations() []Registration {
	if c.regs == nil {
		c.regs = c.registrations()
		for _, f := range c.pass.AllPackageFacts() {
			if r, ok := f.Fact.(*Registered); ok && f.Package != c.pass.Pkg {
				c.regs = append(c.regs, r.Handlers...)
			}
		}
		c.regs = slices.Clip(c.regs)
	}
	return c.regs
}

// exportRegistered records the package's registrations of handlers that
// left a site pending (in a dependency, or here).
func (c *checker) exportRegistered() {
	pending := make(map[string]bool)
	add := func(sites []PendingSite) {
		for _, s := range sites {
			pending[s.Func] = true
		}
	}
	for _, pd := range c.pend {
		add(pd.Sites)
	}
	for _, f := range c.pass.AllObjectFacts() {
		if pd, ok := f.Fact.(*Pending); ok {
			add(pd.Sites)
		}
	}
	for _, f := range c.pass.AllPackageFacts() {
		if pp, ok := f.Fact.(*PendingPorts); ok {
			for _, port := range pp.Ports {
				add(port.Sites)
			}
		}
	}
	var out Registered
	for _, r := range c.registrations() {
		if pending[r.Func] && len(out.Handlers) < maxRegistrations {
			out.Handlers = append(out.Handlers, r)
		}
	}
	if len(out.Handlers) > 0 {
		c.pass.ExportPackageFact(&out)
	}
}

// consumerHandler reports whether the function of pending site s runs as
// the handler of a consume loop that commits after it: it is registered
// on a Register method that keeps it (KeepsHandler) — the method of the
// receiver type of impl, the implementation completing the site, when
// that type implements the registering interface; otherwise every
// implementation of it in sight must keep it.
func (c *checker) consumerHandler(s PendingSite, impl *types.Func) bool {
	if s.RegisteredOn != "" {
		m := c.methodByKey(s.RegisteredOn)
		return m != nil && c.keeps(m, impl, s.RegisteredParam)
	}
	if strings.HasPrefix(s.Func, litPrefix) && !s.Returned {
		return false // a literal the function neither returns nor registers: what runs it is unknown
	}
	for _, r := range c.allRegistrations() {
		if r.Func != s.Func {
			continue
		}
		m := c.methodByKey(r.Method)
		if m == nil {
			continue
		}
		if c.keeps(m, impl, r.Param) {
			return true
		}
	}
	return false
}

// keeps reports whether calling m keeps its parameter param for a consume
// loop that commits after running it (see consumerHandler).
func (c *checker) keeps(m, impl *types.Func, param int) bool {
	recv := m.Signature().Recv()
	if !types.IsInterface(recv.Type()) {
		return c.keepsFact(m, param)
	}
	if impl != nil && impl.Signature().Recv() != nil {
		obj, _, _ := types.LookupFieldOrMethod(impl.Signature().Recv().Type(), true, m.Pkg(), m.Name())
		if same, ok := obj.(*types.Func); ok && calls.Implements(same, m) {
			return c.keepsFact(same, param)
		}
	}
	impls := c.calls.VisibleImplementations(m)
	if len(impls) == 0 {
		return false
	}
	for _, fn := range impls {
		if !c.keepsFact(fn, param) {
			return false
		}
	}
	return true
}

func (c *checker) keepsFact(fn *types.Func, param int) bool {
	fn = fn.Origin()
	if f := c.kept[fn]; f != nil {
		return f.Param == param
	}
	var f KeepsHandler
	return fn.Pkg() != c.pass.Pkg && c.pass.ImportObjectFact(fn, &f) && f.Param == param
}

// methodByKey returns the method methodKey names, among the packages the
// analysed package reaches, or nil.
func (c *checker) methodByKey(key string) *types.Func { return calls.MethodOf(c.pass.Pkg, key) }

// returnedLit reports whether fn is a function literal that decl returns
// (return func(...) {...}).
func returnedLit(decl *ast.FuncDecl, fn ast.Node) bool {
	lit, ok := fn.(*ast.FuncLit)
	if !ok || decl == nil || decl.Body == nil {
		return false
	}
	found := false
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		if found {
			return false
		}
		if l, ok := n.(*ast.FuncLit); ok && l != lit {
			return false // another literal's returns are its own
		}
		if ret, ok := n.(*ast.ReturnStmt); ok {
			for _, r := range ret.Results {
				if ast.Unparen(r) == lit {
					found = true
				}
			}
		}
		return true
	})
	return found
}

// registeredLit returns the method a function literal is given to where
// it is written, as a parameter of function type, and the parameter:
// b.Register("t", func(ctx context.Context, ev bus.Event) error {...}).
func (c *checker) registeredLit(decl *ast.FuncDecl, fn ast.Node) (string, int) {
	lit, ok := fn.(*ast.FuncLit)
	if !ok || decl == nil || decl.Body == nil {
		return "", 0
	}
	key, param := "", 0
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || key != "" {
			return key == ""
		}
		for i, a := range call.Args {
			if ast.Unparen(a) != lit {
				continue
			}
			m := apis.Callee(c.pass.TypesInfo, call)
			if m == nil || m.Signature().Recv() == nil || i >= m.Signature().Params().Len() {
				return false
			}
			if _, ok := m.Signature().Params().At(i).Type().Underlying().(*types.Signature); ok {
				key, param = methodKey(m), i
			}
			return false
		}
		return true
	})
	return key, param
}
