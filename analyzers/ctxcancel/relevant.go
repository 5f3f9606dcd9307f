package ctxcancel

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/internal/apis"
	"github.com/idemlint/idemlint/internal/calls"
	"github.com/idemlint/idemlint/internal/gate"
)

// relevant reports whether the package can hold a finding or a fact, so
// that SSA is built only where it can.
//
// Every finding and every ReachesSink fact starts at a call of a sink in
// this package (sinks): a function of the tables or of
// -txsinks/-publishsinks, GORM's WithContext (gormctx.go), or a function of another package with a
// ReachesSink fact — or at the Commit method of a type that implements
// pgx's Tx, which no table lists (commitsOfPgxTx). Without one, only
// ReturnsDetached can come up (detachers), for a function declared here
// with a context result. SSA calls a function only where the source names
// it (a call, a method value, a promoted method), so the package's uses
// show them all.
func relevant(pass *analysis.Pass) bool {
	return sinks.Open(pass) || commitsOfPgxTx(pass) || sinkInterfaces(pass) || projectPorts(pass) || pendingStopsInReach(pass) || detachers.Open(pass) && returnsContext(pass)
}

// sinkInterfaces reports whether the package calls an interface method
// named like a library sink method or like a method with a ReachesSink
// fact: the call layer may resolve it to its implementations or to the
// sink it mirrors (invokeUses).
func sinkInterfaces(pass *analysis.Pass) bool {
	if gate.Disabled {
		return true
	}
	names := make(map[string]bool)
	for _, set := range sinks.Funcs() {
		for _, f := range set.Funcs() {
			if f.Recv != "" {
				names[f.Name] = true
			}
		}
	}
	for _, f := range pass.AllObjectFacts() {
		if _, ok := f.Fact.(*ReachesSink); ok {
			if fn, ok := f.Object.(*types.Func); ok && fn.Signature().Recv() != nil {
				names[fn.Name()] = true
			}
		}
	}
	return gate.Uses(pass, func(fn *types.Func) bool { return names[fn.Name()] && isInterfaceMethod(fn) })
}

// sinks is the gate of findings and ReachesSink facts.
var sinks = gate.Gate{
	Funcs: func() []*apis.Set {
		return []*apis.Set{extraTxSinks.AddTo(apis.TxContextSinks()), extraPublishSinks.AddTo(apis.PublishContextSinks()), apis.GORMContextHandles()}
	},
	UsesIn: reachesOpenSink,
}

// reachesOpenSink reports whether fn, a function of another package, has
// a ReachesSink fact with a sink the package may meet: any sink but a
// pending port that the implementations in sight resolve to no sink (as
// for a port the package calls itself, portOpens).
func reachesOpenSink(pass *analysis.Pass, fn *types.Func) bool {
	if fn.Pkg() == nil || fn.Pkg() == pass.Pkg {
		return false
	}
	var f ReachesSink
	if !pass.ImportObjectFact(fn, &f) {
		return false
	}
	s := &state{pass: pass}
	s.layer, _ = pass.ResultOf[calls.Analyzer].(*calls.Result)
	for _, ps := range f.Sinks {
		if ps.Kind != string(sinkPort) {
			return true
		}
		if m := s.portMethod(ps.Port); m == nil || s.portOpens(m) {
			return true
		}
	}
	return false
}

// detachers is the gate of ReturnsDetached facts (with returnsContext).
var detachers = gate.Gate{
	Funcs: func() []*apis.Set { return []*apis.Set{extraDetachers.AddTo(apis.ContextDetachers())} },
	Uses:  isWithoutCancel,
	Facts: []analysis.Fact{new(ReturnsDetached)},
}

// commitsOfPgxTx reports whether, with pgx within reach, the package
// refers to a Commit method of a concrete type: it may be the Commit of
// a pgx.Tx implementation (implementsPgxTx).
func commitsOfPgxTx(pass *analysis.Pass) bool {
	if !gate.Reaches(pass.Pkg, apis.PgxTxPaths...) {
		return false
	}
	return gate.Uses(pass, func(fn *types.Func) bool { return fn.Name() == "Commit" && isConcreteMethod(fn) })
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
