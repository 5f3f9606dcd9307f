package ctxcancel

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/internal/apis"
	"github.com/idemlint/idemlint/internal/gate"
)

// relevant reports whether the package can hold a finding or a fact, so
// that SSA is built only where it can.
//
// Every finding and every ReachesSink fact starts at a call of a sink in
// this package: a function of the tables or of -txsinks/-publishsinks, a
// Commit method of a type that implements pgx's Tx, or a function of
// another package with a ReachesSink fact (or any fact other than
// ReturnsDetached, so that a fact added later is not overlooked). Without
// one, only ReturnsDetached
// can come up, for a function declared here with a context result, from
// context.WithoutCancel, a known or -detachers function or a function with the
// fact. SSA calls a function only where the source names it (a call, a
// method value, a promoted method), so the package's uses show them all.
func relevant(pass *analysis.Pass) bool {
	sinks := extraPublishSinks.AddTo(extraTxSinks.AddTo(apis.TxContextSinks()))
	sinks.Add(apis.PublishContextSinks().Funcs()...)
	detachers := extraDetachers.AddTo(apis.ContextDetachers())
	sinkReach := gate.Reaches(pass.Pkg, sinks.Paths()...)
	pgxReach := gate.Reaches(pass.Pkg, apis.PgxTxPaths...)
	sinkFacts := make(map[types.Object]bool)
	detachFacts := make(map[types.Object]bool)
	// An interface method is resolved to its implementations (which carry
	// sink facts, or call a sink here) or mirrors a library sink: either
	// way a method of its name reaches a sink.
	sinkMethods := make(map[string]bool)
	for _, f := range sinks.Funcs() {
		if f.Recv != "" {
			sinkMethods[f.Name] = true
		}
	}
	for _, f := range pass.AllObjectFacts() {
		if _, ok := f.Fact.(*ReturnsDetached); ok {
			detachFacts[f.Object] = true
		} else {
			sinkFacts[f.Object] = true
			if fn, ok := f.Object.(*types.Func); ok && fn.Signature().Recv() != nil {
				sinkMethods[fn.Name()] = true
			}
		}
	}
	detach := false
	for _, obj := range pass.TypesInfo.Uses {
		fn, ok := obj.(*types.Func)
		if !ok {
			continue
		}
		fn = fn.Origin()
		switch {
		case sinkReach && sinks.Match(fn):
			return true
		case pgxReach && fn.Name() == "Commit" && isConcreteMethod(fn):
			return true // may be the Commit of a pgx.Tx implementation (implementsPgxTx)
		case isWithoutCancel(fn), detachers.Match(fn):
			detach = true
		}
		if sinkFacts[fn] || sinkMethods[fn.Name()] && isInterfaceMethod(fn) {
			return true
		}
		if detachFacts[fn] {
			detach = true
		}
	}
	return detach && returnsContext(pass)
}

func isWithoutCancel(fn *types.Func) bool {
	return fn.Name() == "WithoutCancel" && fn.Pkg() != nil && fn.Pkg().Path() == "context" && fn.Signature().Recv() == nil
}

func isInterfaceMethod(fn *types.Func) bool {
	recv := fn.Signature().Recv()
	return recv != nil && types.IsInterface(recv.Type())
}

func isConcreteMethod(fn *types.Func) bool {
	recv := fn.Signature().Recv()
	return recv != nil && !types.IsInterface(recv.Type())
}

// returnsContext reports whether the package declares a function or
// method with a context.Context result: only those get ReturnsDetached.
func returnsContext(pass *analysis.Pass) bool {
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok {
				continue
			}
			fn, ok := pass.TypesInfo.Defs[fd.Name].(*types.Func)
			if !ok {
				continue
			}
			res := fn.Signature().Results()
			for i := range res.Len() {
				if isContext(res.At(i).Type()) {
					return true
				}
			}
		}
	}
	return false
}
