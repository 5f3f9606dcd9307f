package consume

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/internal/apis"
	"github.com/idemlint/idemlint/internal/gate"
)

// summaries is the gate of the CommitsOffset and DurableWork facts, and so
// of the SSA they are computed on, where no consumer is judged (Consumers
// closed): golangci-lint and go vet run this Analyzer on every package of
// the module, and building SSA for each was most of idemlint's time there
// (2.2 s of 3.5 s on sqlc). A function's summary is not empty only if its
// body, or a function of the package it calls, makes one of the calls
// Checker.CommitVia and Checker.DurableVia start from: a function of the
// tables or the flags, a function of another package with one of the
// facts, a handler called through an interface — or a function value
// (funcValueCalls). A package that makes none has only empty summaries.
var summaries = gate.Gate{
	Libraries: func() []string {
		// Within reach of Kafka or Redis, a project interface may stand
		// for an offset commit (Checker.LibOf).
		return append(append([]string(nil), apis.KafkaPaths...), apis.RedisPaths...)
	},
	Funcs: func() []*apis.Set {
		durable := apis.DBStatements()
		for _, s := range []*apis.Set{apis.TxCommits(), apis.NetworkCalls(), apis.KafkaProduces(), apis.KafkaCommits(), apis.RedisListRemoves()} {
			durable.AddSet(s)
		}
		durable.Add(ExtraHandlers.Funcs...)
		durable.Add(ExtraCommits.Funcs...)
		return []*apis.Set{durable}
	},
	Uses: func(fn *types.Func) bool {
		if apis.IsTxFuncBegin(apis.Describe(fn)) {
			return true
		}
		recv := fn.Signature().Recv()
		return recv != nil && types.IsInterface(recv.Type()) && dynamicHandler(fn)
	},
	Facts: []analysis.Fact{new(CommitsOffset), new(DurableWork)},
}

// mayHaveSummaries reports whether a function of the package may commit
// an offset or do durable work (summaries, or a call of a function value).
func mayHaveSummaries(pass *analysis.Pass) bool {
	return summaries.Open(pass) || funcValueCalls(pass)
}

// funcValueCalls reports whether the package calls a function value that
// may be a handler (DurableVia's funcValueHandler): a call whose callee is
// neither a function or method the source names, nor a conversion, a
// builtin or a function literal (whose body the package holds). It may
// say yes where SSA finds a static callee (f := handle; f()): a gate may
// admit too much, never too little.
func funcValueCalls(pass *analysis.Pass) bool {
	found := false
	for _, f := range pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			if found {
				return false
			}
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			fun := ast.Unparen(call.Fun)
			if _, lit := fun.(*ast.FuncLit); lit {
				return true
			}
			if tv, ok := pass.TypesInfo.Types[fun]; ok && (tv.IsType() || tv.IsBuiltin()) {
				return true
			}
			if _, named := calleeFunc(pass.TypesInfo, fun).(*types.Func); named {
				return true
			}
			t := pass.TypesInfo.TypeOf(fun)
			if n, ok := types.Unalias(t).(*types.Named); ok && n.Obj().Pkg() != nil && IgnoredPath(n.Obj().Pkg().Path()) {
				return true // context.CancelFunc and the like
			}
			found = true
			return false
		})
		if found {
			break
		}
	}
	return found
}

// calleeFunc returns the object a call's function expression names: a
// function or method (also generic, instantiated with fun[T]), a variable,
// or nil.
func calleeFunc(info *types.Info, fun ast.Expr) types.Object {
	switch e := fun.(type) {
	case *ast.IndexExpr:
		fun = e.X
	case *ast.IndexListExpr:
		fun = e.X
	}
	switch e := ast.Unparen(fun).(type) {
	case *ast.Ident:
		return info.Uses[e]
	case *ast.SelectorExpr:
		if sel, ok := info.Selections[e]; ok {
			if sel.Kind() == types.MethodVal {
				return sel.Obj()
			}
			return nil // a field holding a function, or a method expression's value
		}
		return info.Uses[e.Sel] // a qualified identifier
	}
	return nil
}
