package consume

import (
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/apis"
	"github.com/idemlint/idemlint/internal/ssabuild"
)

// A project often hands a consumed message on behind an interface of its
// own (for testability): a Delivery interface with Body, Ack and Nack,
// implemented by an adapter struct over amqp.Delivery whose Ack forwards
// to the library's. A value of such an interface is the consumed message,
// and a call of its Ack acknowledges it. The call layer resolves the
// interface to its implementations in sight (calls.Result.Implementations:
// the analysed package and its direct imports, test files excluded; at
// most calls.maxTargets of them); the interface is a message wrapper when
//
//   - it is a named interface of the project (not the standard library,
//     a broker client or logging), and
//   - every implementation in sight is a struct (or a pointer to one)
//     with a field of a consumed message type (apis.IsKafkaMessageType),
//     and there is at least one, and
//   - one of its methods taking no message commits or acknowledges, in
//     every implementation (the adapter's Ack forwards to the library's):
//     the message it settles is the one it wraps.
//
// Work: once per interface type and Checker, one implementation lookup
// and one summary per method until one commits.

// WrappedMessage returns the consumed message type that values of t wrap
// when t is a message wrapper interface (above), or nil.
func (a *Checker) WrappedMessage(t types.Type) types.Type {
	named, ok := types.Unalias(t).(*types.Named)
	if !ok || a.layer == nil || !types.IsInterface(named) {
		return nil
	}
	obj := named.Obj()
	if obj.Pkg() == nil || IgnoredPath(obj.Pkg().Path()) {
		return nil
	}
	if w, ok := a.wrappers[named]; ok {
		return w
	}
	if a.wrappers == nil {
		a.wrappers = make(map[*types.Named]types.Type)
	}
	a.wrappers[named] = nil // a cycle through an implementation's summary finds none
	w := a.wrappedMessage(named.Underlying().(*types.Interface))
	a.wrappers[named] = w
	return w
}

func (a *Checker) wrappedMessage(iface *types.Interface) types.Type {
	for m := range iface.Methods() {
		if takesMessage(m.Signature()) {
			continue // Commit(msg): a reader's, not the message's
		}
		impls := a.layer.Implementations(m)
		if len(impls) == 0 {
			return nil // none in sight: what it wraps is unknown
		}
		var msg types.Type
		for _, impl := range impls {
			t := messageField(impl)
			if t == nil {
				return nil // one implementation is no adapter over a message
			}
			if msg == nil {
				msg = t
			}
		}
		if a.implsCommit(impls) != "" {
			return msg
		}
	}
	return nil
}

// implsCommit returns the commit chain of the first of impls when every
// one of them commits an offset (or acks), or "".
func (a *Checker) implsCommit(impls []*types.Func) string {
	first := ""
	for _, impl := range impls {
		via := a.funcCommit(impl)
		if via == "" {
			return ""
		}
		if first == "" {
			first = via
		}
	}
	return first
}

// funcCommit returns the chain by which a call of a declared function
// (of this package, or another's with a fact) commits, starting with its
// name, or "".
func (a *Checker) funcCommit(fn *types.Func) string {
	fn = fn.Origin()
	if fn.Pkg() == a.Pass.Pkg {
		f := a.funcValue(fn)
		if f == nil {
			return ""
		}
		if s := a.Summarize(f); s.Commit != "" {
			return Chain(a.Name(fn), s.Commit)
		}
		return ""
	}
	if fn.Pkg() == nil || IgnoredPath(fn.Pkg().Path()) {
		if a.commits.Match(fn) {
			return a.Name(fn)
		}
		return ""
	}
	if via := importedCommit(a.factPass, fn); via != "" {
		return Chain(a.Name(fn), via)
	}
	return ""
}

// ssaPkg returns the package's SSA form (the build the summaries are on).
func (a *Checker) ssaPkg() *ssa.Package {
	if a.shared != nil {
		if a.shared.ssa == nil {
			return nil
		}
		return a.shared.ssa.Pkg
	}
	return a.factPass.ResultOf[ssabuild.Analyzer].(*ssabuild.Shared).Get().Pkg
}

// funcValue returns the SSA function of a function declared in this
// package, or nil.
func (a *Checker) funcValue(fn *types.Func) *ssa.Function {
	pkg := a.ssaPkg()
	if pkg == nil {
		return nil
	}
	if f := pkg.Prog.FuncValue(fn); f != nil && f.Synthetic == "" {
		return f
	}
	return nil
}

// wrapperCommit returns the chain by which an interface call commits when
// its receiver is a message wrapper and every implementation of the
// method commits (an adapter's Ack), or "".
func (a *Checker) wrapperCommit(c *ssa.CallCommon) string {
	if !c.IsInvoke() || a.WrappedMessage(c.Value.Type()) == nil {
		return ""
	}
	impls := a.layer.Implementations(c.Method)
	if len(impls) == 0 {
		return ""
	}
	if via := a.implsCommit(impls); via != "" {
		return Chain(a.Name(c.Method), via)
	}
	return ""
}

// wrapperWork reports whether an interface call is of a method of a
// message wrapper, and if so the chain of its durable work: a wrapper's
// methods are the message's accessors and acks, which do no work on it
// unless every implementation in sight does.
func (a *Checker) wrapperWork(c *ssa.CallCommon) (string, bool) {
	if !c.IsInvoke() || a.WrappedMessage(c.Value.Type()) == nil {
		return "", false
	}
	impls := a.layer.Implementations(c.Method)
	if len(impls) == 0 {
		return "", true
	}
	first := ""
	for _, impl := range impls {
		via := a.funcDurable(impl)
		if via == "" {
			return "", true
		}
		if first == "" {
			first = via
		}
	}
	return Chain(a.Name(c.Method), first), true
}

// funcDurable is funcCommit for durable work.
func (a *Checker) funcDurable(fn *types.Func) string {
	fn = fn.Origin()
	if fn.Pkg() == a.Pass.Pkg {
		if f := a.funcValue(fn); f != nil {
			if s := a.Summarize(f); s.Durable != "" {
				return Chain(a.Name(fn), s.Durable)
			}
		}
		return ""
	}
	if fn.Pkg() == nil || IgnoredPath(fn.Pkg().Path()) {
		if a.durable.Match(fn) {
			return a.Name(fn)
		}
		return ""
	}
	if via := importedDurable(a.factPass, fn); via != "" {
		return Chain(a.Name(fn), via)
	}
	return ""
}

// messageField returns the consumed message type of a field of the
// receiver's struct (through one pointer), or nil.
func messageField(fn *types.Func) types.Type {
	recv := fn.Signature().Recv()
	if recv == nil {
		return nil
	}
	t := recv.Type()
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok {
		return nil
	}
	for f := range st.Fields() {
		if apis.IsKafkaMessageType(f.Type()) {
			return f.Type()
		}
	}
	return nil
}

// takesMessage reports whether a signature has a parameter of a consumed
// message type.
func takesMessage(sig *types.Signature) bool {
	for p := range sig.Params().Variables() {
		if apis.IsKafkaMessageType(p.Type()) {
			return true
		}
	}
	return false
}
