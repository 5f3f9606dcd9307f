package httpintx

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"path/filepath"
	"slices"
	"strings"

	"github.com/idemlint/idemlint/internal/apis"
	"github.com/idemlint/idemlint/internal/calls"
	"github.com/idemlint/idemlint/internal/funcname"
	"github.com/idemlint/idemlint/internal/report"
)

// Transactions and network calls that meet only at the composition root.
// A use case written against ports (interfaces of its own package or of a
// domain package) may hand a callback to a unit of work or a repository
// (uow.Execute(ctx, func(ctx) error {...}), repo.ChangeStatus(id, s,
// walletFunc)) whose implementation runs it inside a transaction, and make
// a network call in that callback — directly, or through another port
// (gateway.CreateCheckout) — or it may call, inside a transaction it
// begins, a port whose implementation makes one. Where the use case is
// analysed the implementations are out of sight (calls.Port): the package
// records each such site in its Pending package fact, with the half it
// knows. The first package that sees implementations with the missing
// halves (calls.ImplRunningInTx, calls.ImplWithEffect) — the composition
// root that wires them into the use case — reports there
// (calls.RootWiring), naming the use case's call and the network call,
// and lists the site in its Wired package fact so that its importers stay
// silent.

// Pending lists the package's sites completed elsewhere.
type Pending struct {
	Sites []PendingSite
}

// A PendingSite is a network call that runs inside a transaction if the
// implementations wired at the root do what the site needs: run the
// callback in a transaction (TxPort), reach the network (NetPort), or both.
type PendingSite struct {
	Func string // the use-case function: "checkout.(*ProcessOrder).Execute"
	Recv string // its receiver type's name ("" for a function): the wiring to name
	Pos  string // the call that reaches the network: "checkout.go:30"
	// The network half: the chain of the call (Net) when it is known here,
	// else the port (calls.MethodKey) whose implementation must reach the
	// network.
	Net     []string
	NetPort string
	Read    bool // Net is an HTTP GET or HEAD (the advice differs)
	// How the call at Pos reaches NetPort: through the package's helpers
	// (Helpers, outermost first: calls.CallPorts), and, when NetHolder is
	// set, in a closure handed to that port (calls.MethodKey) as its
	// argument NetHolderParam, which an implementation wired at the root
	// must run before it returns.
	Helpers        []string
	NetHolder      string
	NetHolderParam int
	// The transaction half: its description (Tx) when the use case begins
	// it, else the port whose implementation must run argument TxArg of
	// the call at TxPos inside a transaction it begins.
	Tx     string
	TxPort string
	TxArg  int
	TxPos  string
}

// AFact implements analysis.Fact.
func (*Pending) AFact() {}

func (p *Pending) String() string {
	s := "pending("
	for i, x := range p.Sites {
		if i > 0 {
			s += "; "
		}
		s += x.Func + " at " + x.Pos
	}
	return s + ")"
}

// Wired lists the pending sites a package (or one of its dependencies)
// completed and reported.
type Wired struct{ calls.WiredSites }

// AFact implements analysis.Fact.
func (*Wired) AFact() {}

// maxPendingSites bounds the sites of one package's fact.
const maxPendingSites = 32

// addPending records a site, once per network call.
func (c *checker) addPending(s PendingSite) {
	if len(c.pending) >= maxPendingSites {
		return
	}
	for _, x := range c.pending {
		if x.Pos == s.Pos && x.Func == s.Func && x.NetPort == s.NetPort && x.NetHolder == s.NetHolder {
			return
		}
	}
	c.pending = append(c.pending, s)
}

// exportPending exports the package's pending sites.
func (c *checker) exportPending() {
	if len(c.pending) > 0 {
		c.pass.ExportPackageFact(&Pending{Sites: c.pending})
	}
}

// where names a position for a fact: "checkout.go:30".
func (c *checker) where(pos token.Pos) string {
	p := c.pass.Fset.Position(pos)
	return fmt.Sprintf("%s:%d", filepath.Base(p.Filename), p.Line)
}

// collectCallbackSites records, for each call of a port whose
// implementation is out of sight with a function argument, the network
// calls that function makes (known, or through other ports): they run in
// a transaction if the implementation runs its callback in one.
func (c *checker) collectCallbackSites(decl *ast.FuncDecl) {
	fn, _ := c.pass.TypesInfo.Defs[decl.Name].(*types.Func)
	if fn == nil || decl.Body == nil {
		return
	}
	site := PendingSite{Func: funcname.Code(fn, nil), Recv: calls.RecvTypeName(fn)}
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		m := c.calls.Port(call)
		if m == nil || !calls.TakesFunc(m) {
			return true
		}
		for i, arg := range call.Args {
			if _, ok := c.pass.TypesInfo.TypeOf(arg).Underlying().(*types.Signature); !ok {
				continue
			}
			s := site
			s.TxPort, s.TxArg, s.TxPos = calls.MethodKey(m), i, c.where(call.Pos())
			for _, t := range c.calls.ValueTargets(arg) {
				c.callbackSites(s, m, arg, t)
			}
		}
		return true
	})
}

// callbackSites records the network calls of one function value passed
// to the port m.
func (c *checker) callbackSites(s PendingSite, m *types.Func, arg ast.Expr, t calls.Target) {
	if t.Func != nil {
		if ch := c.calls.FuncChain(t.Func, calls.Net); ch != nil {
			s.Pos, s.Net = c.where(arg.Pos()), ch
			c.addPending(s)
			return
		}
		for _, p := range c.calls.FuncPorts(t.Func) {
			if p.Method != m {
				c.addPending(withPort(s, c.where(arg.Pos()), p))
			}
		}
		return
	}
	if t.Lit == nil {
		return
	}
	type portAt struct {
		pos string
		p   calls.PortCall
	}
	var ports []portAt
	known, collect := false, true
	var visit func(n ast.Node) bool
	visit = func(n ast.Node) bool {
		if known {
			return false
		}
		switch n := n.(type) {
		case *ast.GoStmt, *ast.FuncLit:
			return false
		case *ast.CallExpr:
			if ch := c.calls.CallNet(n); ch != nil {
				s.Pos, s.Net = c.where(n.Pos()), ch
				s.Read = kindOf(ch) == "HTTP" && c.isHTTPRead(n, apis.Callee(c.pass.TypesInfo, n))
				known = true
				return false
			}
			// The ports the call reaches: its own, the ones of the
			// closures it runs (or a port it calls holds) and of the
			// package's helpers. Those closures are walked below for
			// known network calls only: their ports are counted here.
			var reached []calls.PortCall
			if pm := c.calls.Port(n); pm != nil {
				reached = append([]calls.PortCall{{Method: pm}}, c.calls.HeldPorts(n)...)
			} else {
				reached = c.calls.CallPorts(n)
			}
			if collect {
				for _, p := range reached {
					ports = append(ports, portAt{c.where(n.Pos()), p})
				}
			}
			saved := collect
			collect = collect && len(reached) == 0
			for _, lit := range calls.CallLits(n) {
				ast.Inspect(lit.Body, visit)
			}
			collect = saved
		}
		return true
	}
	ast.Inspect(t.Lit.Body, visit)
	if known {
		c.addPending(s)
		return
	}
	for _, p := range ports {
		if p.p.Method != m {
			c.addPending(withPort(s, p.pos, p.p))
		}
	}
}

// withPort is site s completed by the port call p that the call at pos
// reaches: the network half is p's port.
func withPort(s PendingSite, pos string, p calls.PortCall) PendingSite {
	s.Pos, s.NetPort, s.Helpers = pos, calls.MethodKey(p.Method), p.Via
	if p.Holder != nil {
		s.NetHolder, s.NetHolderParam = calls.MethodKey(p.Holder), p.HolderParam
	}
	return s
}

// pendingInTx records a call, inside a transaction the function begins
// or receives, of a port whose implementation is out of sight.
func (c *checker) pendingInTx(call *ast.CallExpr, tx *calls.Tx, p calls.PortCall) {
	if strings.HasSuffix(c.pass.Fset.Position(call.Pos()).Filename, "_test.go") {
		return // tests run their transactions against fakes
	}
	decl := c.enclosingDecl(call.Pos())
	if decl == nil {
		return
	}
	fn, _ := c.pass.TypesInfo.Defs[decl.Name].(*types.Func)
	if fn == nil {
		return
	}
	site := PendingSite{Func: funcname.Code(fn, nil), Recv: calls.RecvTypeName(fn), Tx: tx.Desc}
	c.addPending(withPort(site, c.where(call.Pos()), p))
}

// enclosingDecl returns the function declaration around pos, or nil.
func (c *checker) enclosingDecl(pos token.Pos) *ast.FuncDecl {
	for _, f := range c.pass.Files {
		if pos < f.Pos() || pos > f.End() {
			continue
		}
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Pos() <= pos && pos < fd.End() {
				return fd
			}
		}
	}
	return nil
}

// completePending reports the sites of other packages that this package
// is the first to see with the implementations that complete them.
func (c *checker) completePending() {
	if calls.TestSupport(c.pass.Pkg) {
		return // a test fixture's wiring repeats the real root's
	}
	wired := calls.ReadWired(c.pass)
	for _, f := range c.pass.AllPackageFacts() {
		p, ok := f.Fact.(*Pending)
		if !ok || f.Package == c.pass.Pkg {
			continue
		}
		for _, s := range p.Sites {
			id := f.Package.Path() + ":" + s.Pos
			if wired.Done(id) {
				continue
			}
			if msg, at := c.complete(s, f.Package); at.IsValid() {
				wired.Add(id)
				c.rep.Report(calls.At(at), msg, report.Category("httpintx"))
			}
		}
	}
	if sites := wired.Added(); sites != nil {
		c.pass.ExportPackageFact(&Wired{calls.WiredSites{Sites: sites}})
	}
}

// complete returns the finding of a site left by package user and where
// to report it (NoPos when this package does not see the implementations
// that complete it).
func (c *checker) complete(s PendingSite, user *types.Package) (string, token.Pos) {
	tx := s.Tx
	var txPort, txImpl *types.Func
	if s.TxPort != "" {
		txPort = c.calls.MethodByKey(s.TxPort)
		var begins string
		txImpl, begins = c.calls.ImplRunningInTx(txPort, s.TxArg, func(impl *types.Func) bool { return !c.runsReadOnly(impl, s.TxArg) })
		if txImpl == nil {
			return "", token.NoPos
		}
		tx = fmt.Sprintf("that %s begins at %s for the callback passed to %s (%s)",
			funcname.Code(txImpl, c.pass.Pkg), begins, funcname.Code(txPort, c.pass.Pkg), s.TxPos)
	}
	chain := s.Net
	var netPort, netImpl *types.Func
	if s.NetPort != "" {
		netPort = c.calls.MethodByKey(s.NetPort)
		name := funcname.Code(netPort, c.pass.Pkg)
		if s.NetHolder != "" {
			holder := c.calls.MethodByKey(s.NetHolder)
			if !c.calls.HolderRunsNow(holder, s.NetHolderParam) {
				return "", token.NoPos // the closure making the call is not run by the port it is handed to
			}
			name += " (in the " + funcname.Code(holder, c.pass.Pkg) + " callback)"
		}
		var ch []string
		netImpl, ch = c.calls.WiredImplWithEffect(netPort, calls.Net)
		if netImpl == nil {
			return "", token.NoPos
		}
		chain = append(append(slices.Clone(s.Helpers), name), ch...)
	}
	kind := kindOf(chain)
	advice := writeAdvice
	if s.Read {
		advice = readAdvice
	}
	msg := fmt.Sprintf("%s call %s in %s (%s) runs inside the transaction %s, wired here%s",
		kind, strings.Join(chain, " → "), s.Func, s.Pos, tx, advice)
	at := token.NoPos
	for _, p := range []struct{ m, impl *types.Func }{{txPort, txImpl}, {netPort, netImpl}} {
		if p.m != nil && !at.IsValid() {
			at = c.calls.RootWiring(user, p.m, p.impl, s.Recv, c.rep.IsGenerated)
		}
	}
	for _, m := range []*types.Func{txPort, netPort} {
		if m != nil && !at.IsValid() {
			at = c.calls.InterfaceRef(m, c.rep.IsGenerated)
		}
	}
	return msg, at
}

// RunsReadOnly marks a function that calls its function parameters Params
// inside a transaction it begins read-only (a unit of work's read
// variant): a callback run there holds nothing. Only the begin's options
// count: that the runner itself writes nothing says nothing of what the
// callback writes through the transaction (carried in its context).
type RunsReadOnly struct {
	Params []int
}

// AFact implements analysis.Fact.
func (*RunsReadOnly) AFact() {}

func (f *RunsReadOnly) String() string { return fmt.Sprintf("runsReadOnly(%v)", f.Params) }

// exportRunsReadOnly exports the RunsReadOnly facts of the package's
// functions: each function parameter that the function calls inside
// transactions it begins, all of them read-only.
func (c *checker) exportRunsReadOnly() {
	for fn, decl := range c.readOnly().decls {
		if !fn.Exported() && fn.Signature().Recv() == nil || !takesFunc(fn) {
			continue
		}
		if ps := c.readOnlyParams(fn, decl); len(ps) > 0 {
			c.pass.ExportObjectFact(fn, &RunsReadOnly{Params: ps})
		}
	}
}

// readOnlyParams returns the function parameters that fn calls inside a
// transaction of its own only when that transaction is read-only.
func (c *checker) readOnlyParams(fn *types.Func, decl *ast.FuncDecl) []int {
	var inTx []int
	for _, call := range c.calls.Of(fn).CallsOf() {
		if call.InTx != "" {
			inTx = append(inTx, call.Param)
		}
	}
	if len(inTx) == 0 {
		return nil
	}
	params := fn.Signature().Params()
	ro := make(map[int]bool)
	rw := make(map[int]bool)
	ast.Inspect(decl, func(n ast.Node) bool {
		switch n.(type) {
		case *ast.FuncDecl, *ast.FuncLit:
			for _, in := range c.calls.Regions(n) {
				id, ok := ast.Unparen(in.Call.Fun).(*ast.Ident)
				if !ok {
					continue
				}
				for i := range params.Len() {
					if c.pass.TypesInfo.Uses[id] == params.At(i) {
						if c.begunReadOnlyTx(in.Tx) {
							ro[i] = true
						} else {
							rw[i] = true
						}
					}
				}
			}
		}
		return true
	})
	c.forwardedReadOnly(decl, params, ro, rw)
	var out []int
	for _, i := range inTx {
		if ro[i] && !rw[i] {
			out = append(out, i)
		}
	}
	return out
}

// forwardedReadOnly marks the function parameters that decl hands to a
// helper of the package together with read-only options, where the
// helper begins its transaction with options it is given
// (WithinReadOnly(ctx, fn) { return m.run(ctx, pgx.TxOptions{AccessMode:
// pgx.ReadOnly}, fn) }): ro when the options are read-only, rw otherwise.
func (c *checker) forwardedReadOnly(decl *ast.FuncDecl, params *types.Tuple, ro, rw map[int]bool) {
	info := c.pass.TypesInfo
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		g := apis.Callee(info, call)
		if g == nil || c.readOnly().decls[g.Origin()] == nil || !c.beginsWithParamOptions(c.readOnly().decls[g.Origin()]) {
			return true
		}
		for _, a := range call.Args {
			id, ok := ast.Unparen(a).(*ast.Ident)
			if !ok {
				continue
			}
			for i := range params.Len() {
				if info.Uses[id] != params.At(i) {
					continue
				}
				if c.begunReadOnly(call) {
					ro[i] = true
				} else {
					rw[i] = true
				}
			}
		}
		return true
	})
}

// beginsWithParamOptions reports whether a transaction the function
// begins takes options from one of its parameters.
func (c *checker) beginsWithParamOptions(decl *ast.FuncDecl) bool {
	info := c.pass.TypesInfo
	fn, _ := info.Defs[decl.Name].(*types.Func)
	if fn == nil {
		return false
	}
	params := fn.Signature().Params()
	for _, in := range c.calls.Regions(decl) {
		begin := c.callAt(in.Tx.Pos)
		if begin == nil {
			continue
		}
		for _, a := range begin.Args {
			id, ok := ast.Unparen(a).(*ast.Ident)
			if !ok {
				continue
			}
			for i := range params.Len() {
				if p := params.At(i); info.Uses[id] == p && !apis.IsContext(p.Type()) {
					return true
				}
			}
		}
	}
	return false
}

// runsReadOnly reports whether fn runs its function parameter idx only in
// read-only transactions.
func (c *checker) runsReadOnly(fn *types.Func, idx int) bool {
	var ps []int
	if decl := c.readOnly().decls[fn.Origin()]; decl != nil {
		ps = c.readOnlyParams(fn.Origin(), decl)
	} else if f := new(RunsReadOnly); c.pass.ImportObjectFact(fn.Origin(), f) {
		ps = f.Params
	}
	return slices.Contains(ps, idx)
}

// begunReadOnlyTx reports whether tx is begun in the function with
// read-only options.
func (c *checker) begunReadOnlyTx(tx *calls.Tx) bool {
	if !tx.Pos.IsValid() {
		return false
	}
	begin := c.callAt(tx.Pos)
	return begin != nil && c.begunReadOnly(begin)
}

// takesFunc reports whether fn has a parameter of function type.
func takesFunc(fn *types.Func) bool {
	ps := fn.Signature().Params()
	for i := range ps.Len() {
		if _, ok := ps.At(i).Type().Underlying().(*types.Signature); ok {
			return true
		}
	}
	return false
}
