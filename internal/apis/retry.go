package apis

import (
	"go/ast"
	"go/types"
)

// A RetryFunc is a library function (or method) that calls one of its
// function arguments once per attempt.
type RetryFunc struct {
	Func
	Op int // index of the operation argument
}

var retryFuncs = []RetryFunc{
	// github.com/avast/retry-go v4: Do(retryableFunc, opts...), DoWithData[T](retryableFunc, opts...)
	{Func{Path: "github.com/avast/retry-go", Name: "Do"}, 0},
	{Func{Path: "github.com/avast/retry-go", Name: "DoWithData"}, 0},
	// retry-go v5: retry.New(opts...).Do(fn), retry.NewWithData[T](opts...).Do(fn)
	{Func{Path: "github.com/avast/retry-go", Recv: "Retrier", Name: "Do"}, 0},
	{Func{Path: "github.com/avast/retry-go", Recv: "RetrierWithData", Name: "Do"}, 0},
	// github.com/cenkalti/backoff v4
	{Func{Path: "github.com/cenkalti/backoff", Name: "Retry"}, 0},
	{Func{Path: "github.com/cenkalti/backoff", Name: "RetryNotify"}, 0},
	{Func{Path: "github.com/cenkalti/backoff", Name: "RetryWithData"}, 0},
	{Func{Path: "github.com/cenkalti/backoff", Name: "RetryNotifyWithData"}, 0},
	{Func{Path: "github.com/cenkalti/backoff", Name: "RetryNotifyWithTimer"}, 0},
	{Func{Path: "github.com/cenkalti/backoff", Name: "RetryNotifyWithTimerAndData"}, 0},
	// github.com/sethvargo/go-retry: Do(ctx, b, f), DoValue[T](ctx, b, f)
	{Func{Path: "github.com/sethvargo/go-retry", Name: "Do"}, 2},
	{Func{Path: "github.com/sethvargo/go-retry", Name: "DoValue"}, 2},
	// k8s.io/client-go/util/retry: OnError(backoff, retriable, fn), RetryOnConflict(backoff, fn)
	{Func{Path: "k8s.io/client-go/util/retry", Name: "OnError"}, 2},
	{Func{Path: "k8s.io/client-go/util/retry", Name: "RetryOnConflict"}, 1},
	// k8s.io/apimachinery/pkg/util/wait: ExponentialBackoff(backoff, condition)
	{Func{Path: "k8s.io/apimachinery/pkg/util/wait", Name: "ExponentialBackoff"}, 1},
	{Func{Path: "k8s.io/apimachinery/pkg/util/wait", Name: "ExponentialBackoffWithContext"}, 2},
}

// cenkalti/backoff v5 moved the operation to the second argument:
// Retry[T](ctx, operation, opts...). Both are "github.com/cenkalti/backoff"
// after NormPath, so the version is told apart by the signature.
func backoffV5Op(fn *types.Func) int {
	sig := fn.Signature()
	if sig.Params().Len() > 0 && IsContext(sig.Params().At(0).Type()) {
		return 1
	}
	return 0
}

// IsContext reports whether t is context.Context.
func IsContext(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "context" && n.Obj().Name() == "Context"
}

// RetryFuncs is the table of retry functions; configuration may extend it.
type RetryFuncs struct {
	byFunc map[Func]int
}

// DefaultRetryFuncs returns the library retry functions.
func DefaultRetryFuncs() *RetryFuncs {
	r := &RetryFuncs{byFunc: make(map[Func]int)}
	for _, f := range retryFuncs {
		r.byFunc[f.Func] = f.Op
	}
	return r
}

// firstFuncArg returns the index of call's first function-typed argument, or -1.
func firstFuncArg(info *types.Info, call *ast.CallExpr) int {
	for i, a := range call.Args {
		if tv, ok := info.Types[a]; ok && tv.Type != nil {
			if _, ok := tv.Type.Underlying().(*types.Signature); ok {
				return i
			}
		}
	}
	return -1
}

// Add registers f with its operation argument index (-1: the first
// function-typed argument).
func (r *RetryFuncs) Add(f Func, op int) { r.byFunc[f] = op }

// Funcs returns the registered functions.
func (r *RetryFuncs) Funcs() []RetryFunc {
	out := make([]RetryFunc, 0, len(r.byFunc))
	for f, op := range r.byFunc {
		out = append(out, RetryFunc{f, op})
	}
	return out
}

// OpIndex returns the index of the operation among fn's parameters (the
// receiver not counted) if fn is a retry function of the table, or -1.
func (r *RetryFuncs) OpIndex(fn *types.Func) int {
	if fn == nil {
		return -1
	}
	d := Describe(fn)
	op, ok := r.byFunc[d]
	if !ok {
		return -1
	}
	if d.Path == "github.com/cenkalti/backoff" && d.Name == "Retry" {
		return backoffV5Op(fn)
	}
	if op >= 0 {
		return op
	}
	params := fn.Signature().Params()
	for i := range params.Len() {
		if _, ok := params.At(i).Type().Underlying().(*types.Signature); ok {
			return i
		}
	}
	return -1
}

// Operation returns the operation argument of call if call is a retry
// function of the table, and the function called.
func (r *RetryFuncs) Operation(info *types.Info, call *ast.CallExpr) (ast.Expr, *types.Func) {
	fn := Callee(info, call)
	if fn == nil {
		return nil, nil
	}
	d := Describe(fn)
	op, ok := r.byFunc[d]
	if !ok {
		return nil, nil
	}
	if d.Path == "github.com/cenkalti/backoff" && d.Name == "Retry" {
		op = backoffV5Op(fn)
	}
	if op < 0 {
		op = firstFuncArg(info, call)
	}
	if op < 0 || op >= len(call.Args) {
		return nil, nil
	}
	return call.Args[op], fn
}
