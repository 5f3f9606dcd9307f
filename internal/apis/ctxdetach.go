package apis

// Context detachers: functions whose result context keeps its parent's
// values but not its cancellation, like context.WithoutCancel (which
// analyzers match themselves).

// idemCtxutil is idemlint's own runtime helper package (module
// github.com/idemlint/idemlint/idem).
const idemCtxutil = "github.com/idemlint/idemlint/idem/ctxutil"

// ctxDetachers maps each detacher to whether its result also carries a
// deadline of its own.
var ctxDetachers = map[Func]bool{
	{Path: idemCtxutil, Name: "Detached"}: true, // context.WithTimeout(context.WithoutCancel(ctx), d)
}

// ContextDetacher reports whether f returns (as its first result) a
// context detached from its parent's cancellation, and whether that
// context has a deadline.
func ContextDetacher(f Func) (deadline, ok bool) {
	deadline, ok = ctxDetachers[f]
	return deadline, ok
}

// ContextDetachers returns the set of the known detachers, for gates.
func ContextDetachers() *Set {
	s := &Set{}
	for f := range ctxDetachers {
		s.Add(f)
	}
	return s
}
