package consume

import (
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/apis"
	"github.com/idemlint/idemlint/internal/funcname"
)

// CalleeOf returns the function a call invokes: the method of an interface
// call, or the static callee (a bound method wrapper's object is the method).
func CalleeOf(c *ssa.CallCommon) (*types.Func, *ssa.Function) {
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

// LocalFunc returns the SSA function of this package that the callee runs,
// or nil: a function literal, or a declared function or method of the package.
func (a *Checker) LocalFunc(obj *types.Func, fn *ssa.Function) *ssa.Function {
	if fn != nil && fn.Synthetic == "" {
		if o := fn.Origin(); o != nil {
			fn = o
		}
		if fn.Pkg != nil && fn.Pkg.Pkg == a.Pass.Pkg {
			return fn
		}
	}
	if obj != nil && obj.Pkg() == a.Pass.Pkg && fn != nil && fn.Prog != nil {
		if f := fn.Prog.FuncValue(obj.Origin()); f != nil && f.Synthetic == "" {
			return f
		}
	}
	return nil
}

// CommitVia returns the chain by which the call commits an offset, or "".
func (a *Checker) CommitVia(c *ssa.CallCommon) string {
	obj, fn := CalleeOf(c)
	if lib := a.LibOf(obj); lib != nil && a.commits.Match(lib) {
		if apis.IsRedisListRemove(lib) && !removesVariable(c, obj) {
			return "" // LRem of a constant: list housekeeping, no entry acked
		}
		return a.Name(lib)
	}
	if via := a.wrapperCommit(c); via != "" {
		return via // an adapter's Ack, through the project's interface over the message
	}
	if f := a.LocalFunc(obj, fn); f != nil {
		if s := a.Summarize(f); s.Commit != "" {
			return Chain(a.FuncName(obj, f), s.Commit)
		}
		return ""
	}
	if obj != nil && obj.Pkg() != nil && obj.Pkg() != a.Pass.Pkg && !IgnoredPath(obj.Pkg().Path()) {
		if via := importedCommit(a.factPass, obj.Origin()); via != "" {
			return Chain(a.Name(obj), via)
		}
	}
	for i := range c.Args {
		if f := CallbackFunc(c, obj, i); f != nil {
			if s := a.Summarize(a.LocalFunc(nil, f)); s.Commit != "" {
				return Chain(a.FuncName(obj, fn), s.Commit)
			}
		}
	}
	return ""
}

// DurableVia returns the chain by which the call does durable work, or "".
func (a *Checker) DurableVia(c *ssa.CallCommon) string {
	obj, fn := CalleeOf(c)
	if via, wrapper := a.wrapperWork(c); wrapper {
		return via // the message's own accessors and acks, behind the project's interface
	}
	if obj != nil && (a.durable.Match(obj) || apis.IsTxFuncBegin(apis.Describe(obj))) {
		if isRPCReply(c, obj) {
			return "" // the answer to the caller waiting on ReplyTo (apis/amqpreply.go)
		}
		return a.Name(obj)
	}
	if f := a.LocalFunc(obj, fn); f != nil {
		if s := a.Summarize(f); s.Durable != "" {
			return Chain(a.FuncName(obj, f), s.Durable)
		}
		return ""
	}
	if obj != nil && obj.Pkg() != nil && obj.Pkg() != a.Pass.Pkg && !IgnoredPath(obj.Pkg().Path()) {
		if via := importedDurable(a.factPass, obj.Origin()); via != "" {
			return Chain(a.Name(obj), via)
		}
	}
	for i := range c.Args {
		if f := CallbackFunc(c, obj, i); f != nil {
			if s := a.Summarize(a.LocalFunc(nil, f)); s.Durable != "" {
				return Chain(a.FuncName(obj, fn), s.Durable)
			}
		}
	}
	if c.IsInvoke() && dynamicHandler(obj) && a.LibOf(obj) == obj { // a Kafka call through the project's interface is no handler
		return a.Name(obj)
	}
	if obj == nil && fn == nil && funcValueHandler(c.Value) {
		return valueName(c.Value)
	}
	return ""
}

// IsTxCommit reports whether the call commits a database transaction: work
// done with the message becomes durable only there, whatever its arguments.
func IsTxCommit(c *ssa.CallCommon) bool {
	obj, _ := CalleeOf(c)
	return obj != nil && txCommits.Match(obj)
}

var txCommits = apis.TxCommits()

// ClosureFunc returns the function literal (or function) a value is.
func ClosureFunc(v ssa.Value) *ssa.Function {
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
	if Observability(m) {
		return false // a logger adapter (watermill.LoggerAdapter, ...) or metrics, whatever its package
	}
	switch m.Name() {
	case "String", "Error", "Unwrap", "Done", "Err", "Value", "Deadline":
		return false
	}
	return !IgnoredPath(m.Pkg().Path()) && !apis.IsLogging(m)
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

func IgnoredPath(p string) bool {
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
		return !IgnoredPath(n.Obj().Pkg().Path())
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

// Name renders a library or package function for a message:
// "(*kafka.Reader).CommitMessages", "sarama.ConsumerGroupSession.MarkMessage", "handle".
func (a *Checker) Name(fn *types.Func) string {
	if fn == nil {
		return "a function"
	}
	return funcname.Lib(fn, a.Pass.Pkg)
}

// FuncName names a callee that may be a function literal.
func (a *Checker) FuncName(obj *types.Func, fn *ssa.Function) string {
	if obj != nil {
		return a.Name(obj)
	}
	if fn != nil && fn.Parent() != nil {
		return "func literal"
	}
	if fn != nil {
		return fn.Name()
	}
	return "a function value"
}

// removesVariable reports whether an LRem call removes a value the code
// computed (an entry it received) rather than a constant.
func removesVariable(c *ssa.CallCommon, obj *types.Func) bool {
	i := apis.RedisListRemoveValueArg
	if !c.IsInvoke() && obj.Signature().Recv() != nil {
		i++ // a static method call passes the receiver first
	}
	if i >= len(c.Args) {
		return false
	}
	v := c.Args[i]
	if mi, ok := v.(*ssa.MakeInterface); ok {
		v = mi.X
	}
	_, isConst := v.(*ssa.Const)
	return !isConst
}

// isRPCReply reports whether the call is an AMQP publish whose routing key
// is a delivery's ReplyTo: an RPC server's reply, not durable work.
func isRPCReply(c *ssa.CallCommon, obj *types.Func) bool {
	i := apis.AMQPRoutingKeyParam(obj)
	if i < 0 {
		return false
	}
	if !c.IsInvoke() && obj.Signature().Recv() != nil {
		i++ // the receiver is the first argument of a static method call
	}
	if i >= len(c.Args) {
		return false
	}
	switch v := c.Args[i].(type) {
	case *ssa.Field:
		return apis.IsAMQPReplyTo(fieldVar(v.X.Type(), v.Field))
	case *ssa.UnOp:
		if fa, ok := v.X.(*ssa.FieldAddr); ok {
			return apis.IsAMQPReplyTo(fieldVar(fa.X.Type(), fa.Field))
		}
	}
	return false
}

// fieldVar returns field i of the struct t is (or points to), or nil.
func fieldVar(t types.Type, i int) *types.Var {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok || i < 0 || i >= st.NumFields() {
		return nil
	}
	return st.Field(i)
}
