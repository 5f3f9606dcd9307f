package offsetorder

import (
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/apis"
)

// calleeOf returns the function a call invokes: the method of an interface
// call, or the static callee (a bound method wrapper's object is the method).
func calleeOf(c *ssa.CallCommon) (*types.Func, *ssa.Function) {
	if c == nil {
		return nil, nil
	}
	if c.IsInvoke() {
		return c.Method, nil
	}
	if f := c.StaticCallee(); f != nil {
		obj, _ := f.Object().(*types.Func)
		return obj, f
	}
	return nil, nil
}

// localFunc returns the SSA function of this package that the callee runs,
// or nil: a function literal, or a declared function or method of the package.
func (a *checker) localFunc(obj *types.Func, fn *ssa.Function) *ssa.Function {
	if fn != nil && fn.Synthetic == "" {
		if o := fn.Origin(); o != nil {
			fn = o
		}
		if fn.Pkg != nil && fn.Pkg.Pkg == a.pass.Pkg {
			return fn
		}
	}
	if obj != nil && obj.Pkg() == a.pass.Pkg && fn != nil && fn.Prog != nil {
		if f := fn.Prog.FuncValue(obj.Origin()); f != nil && f.Synthetic == "" {
			return f
		}
	}
	return nil
}

// commitVia returns the chain by which the call commits an offset, or "".
func (a *checker) commitVia(c *ssa.CallCommon) string {
	obj, fn := calleeOf(c)
	if lib := a.libOf(obj); lib != nil && a.commits.Match(lib) {
		return a.name(lib)
	}
	if f := a.localFunc(obj, fn); f != nil {
		if s := a.summarize(f); s.commit != "" {
			return chain(a.funcName(obj, f), s.commit)
		}
		return ""
	}
	if obj != nil && obj.Pkg() != nil && obj.Pkg() != a.pass.Pkg && !ignoredPath(obj.Pkg().Path()) {
		var fact CommitsOffset
		if a.pass.ImportObjectFact(obj.Origin(), &fact) {
			return chain(a.name(obj), fact.Via)
		}
	}
	for _, arg := range c.Args {
		if f := closureFunc(arg); f != nil {
			if s := a.summarize(a.localFunc(nil, f)); s.commit != "" {
				return chain(a.funcName(obj, fn), s.commit)
			}
		}
	}
	return ""
}

// durableVia returns the chain by which the call does durable work, or "".
func (a *checker) durableVia(c *ssa.CallCommon) string {
	obj, fn := calleeOf(c)
	if obj != nil && (a.durable.Match(obj) || apis.IsTxFuncBegin(apis.Describe(obj))) {
		return a.name(obj)
	}
	if f := a.localFunc(obj, fn); f != nil {
		if s := a.summarize(f); s.durable != "" {
			return chain(a.funcName(obj, f), s.durable)
		}
		return ""
	}
	if obj != nil && obj.Pkg() != nil && obj.Pkg() != a.pass.Pkg && !ignoredPath(obj.Pkg().Path()) {
		var fact DurableWork
		if a.pass.ImportObjectFact(obj.Origin(), &fact) {
			return chain(a.name(obj), fact.Via)
		}
	}
	for _, arg := range c.Args {
		if f := closureFunc(arg); f != nil {
			if s := a.summarize(a.localFunc(nil, f)); s.durable != "" {
				return chain(a.funcName(obj, fn), s.durable)
			}
		}
	}
	if c.IsInvoke() && dynamicHandler(obj) && a.libOf(obj) == obj { // a Kafka call through the project's interface is no handler
		return a.name(obj)
	}
	if obj == nil && fn == nil && funcValueHandler(c.Value) {
		return valueName(c.Value)
	}
	return ""
}

// isTxCommit reports whether the call commits a database transaction: work
// done with the message becomes durable only there, whatever its arguments.
func isTxCommit(c *ssa.CallCommon) bool {
	obj, _ := calleeOf(c)
	return obj != nil && txCommits.Match(obj)
}

var txCommits = apis.TxCommits()

// closureFunc returns the function literal (or function) a value is.
func closureFunc(v ssa.Value) *ssa.Function {
	switch v := v.(type) {
	case *ssa.MakeClosure:
		f, _ := v.Fn.(*ssa.Function)
		return f
	case *ssa.Function:
		return v
	}
	return nil
}

// dynamicHandler reports whether an interface method is someone's handler
// (a repository, a service) rather than a standard library, logging,
// metrics or Kafka client interface.
func dynamicHandler(m *types.Func) bool {
	if m == nil || m.Pkg() == nil {
		return false
	}
	if logMethods[m.Name()] {
		return false // a logger adapter (watermill.LoggerAdapter, ...), whatever its package
	}
	switch m.Name() {
	case "String", "Error", "Unwrap", "Done", "Err", "Value", "Deadline":
		return false
	}
	return !ignoredPath(m.Pkg().Path()) && !apis.IsLogging(m)
}

// logMethods are the method names of logger interfaces.
var logMethods = map[string]bool{
	"Trace": true, "Tracef": true, "Debug": true, "Debugf": true, "Info": true, "Infof": true,
	"Warn": true, "Warnf": true, "Warning": true, "Warningf": true, "Errorf": true,
	"Log": true, "Logf": true, "Print": true, "Printf": true, "Println": true,
	"Fatal": true, "Fatalf": true, "Panic": true, "Panicf": true,
}

// ignoredPaths are packages whose calls are never the work on a message.
var ignoredPaths = []string{
	"github.com/prometheus", "go.opentelemetry.io", "github.com/DataDog", "go.uber.org/zap",
	"github.com/rs/zerolog", "github.com/sirupsen/logrus", "golang.org/x/sync",
}

func ignoredPath(p string) bool {
	if apis.IsStdlib(p) {
		return true
	}
	n := apis.NormPath(p)
	for _, paths := range [][]string{apis.KafkaPaths, apis.DBPaths} {
		for _, k := range paths {
			if n == k || strings.HasPrefix(n, k+"/") {
				return true // their work is in the tables
			}
		}
	}
	for _, q := range ignoredPaths {
		if p == q || strings.HasPrefix(p, q+"/") {
			return true
		}
	}
	return false
}

// funcValueHandler reports whether a called function value (a parameter,
// a field) may be a handler: anything but a named function type of the
// standard library or a Kafka client (context.CancelFunc, ...).
func funcValueHandler(v ssa.Value) bool {
	if v == nil {
		return false
	}
	if _, builtin := v.(*ssa.Builtin); builtin {
		return false
	}
	if n, ok := types.Unalias(v.Type()).(*types.Named); ok && n.Obj().Pkg() != nil {
		return !ignoredPath(n.Obj().Pkg().Path())
	}
	return true
}

// valueName names a called function value for a message.
func valueName(v ssa.Value) string {
	switch v := v.(type) {
	case *ssa.Parameter, *ssa.FreeVar:
		return v.Name()
	case *ssa.UnOp:
		if fa, ok := v.X.(*ssa.FieldAddr); ok {
			if st, ok := fa.X.Type().Underlying().(*types.Pointer); ok {
				if s, ok := st.Elem().Underlying().(*types.Struct); ok && fa.Field < s.NumFields() {
					return s.Field(fa.Field).Name()
				}
			}
		}
	case *ssa.Field:
		if s, ok := v.X.Type().Underlying().(*types.Struct); ok && v.Field < s.NumFields() {
			return s.Field(v.Field).Name()
		}
	}
	return "a handler function value"
}

// name renders a library or package function for a message:
// "(*kafka.Reader).CommitMessages", "sarama.ConsumerGroupSession.MarkMessage", "handle".
func (a *checker) name(fn *types.Func) string {
	if fn == nil {
		return "a function"
	}
	qual := func(p *types.Package) string {
		if p == a.pass.Pkg {
			return ""
		}
		return p.Name()
	}
	if recv := fn.Signature().Recv(); recv != nil {
		t := recv.Type()
		if p, ok := types.Unalias(t).(*types.Pointer); ok {
			return "(*" + types.TypeString(p.Elem(), qual) + ")." + fn.Name()
		}
		if apis.TypeName(t) == "" {
			return fn.Name()
		}
		return types.TypeString(t, qual) + "." + fn.Name()
	}
	if fn.Pkg() != nil && fn.Pkg() != a.pass.Pkg {
		return fn.Pkg().Name() + "." + fn.Name()
	}
	return fn.Name()
}

// funcName names a callee that may be a function literal.
func (a *checker) funcName(obj *types.Func, fn *ssa.Function) string {
	if obj != nil {
		return a.name(obj)
	}
	if fn != nil && fn.Parent() != nil {
		return "func literal"
	}
	if fn != nil {
		return fn.Name()
	}
	return "a function value"
}
