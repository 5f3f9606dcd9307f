package ctxcancel

import (
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/internal/apis"
	"github.com/idemlint/idemlint/internal/gate"
)

// relevant reports whether the package can hold a finding or a fact, so
// that SSA is built only where it can. Every finding and every ReachesSink
// fact starts at a call of a sink in this package: a function of the
// tables or of -txsinks/-publishsinks, a Commit method of a type that
// implements pgx's Tx, or a function of another package with a ctxcancel
// fact. ReturnsDetached starts at context.WithoutCancel, a -detachers
// function or a function with the fact. The SSA form calls a function only
// where the source names it (a call, a method value, a promoted method),
// so the package's uses show them all.
func relevant(pass *analysis.Pass) bool {
	sinks := extraPublishSinks.AddTo(extraTxSinks.AddTo(apis.TxContextSinks()))
	sinks.Add(apis.PublishContextSinks().Funcs()...)
	detachers := extraDetachers.AddTo(&apis.Set{})
	sinkReach := gate.Reaches(pass.Pkg, gate.Paths(sinks)...)
	pgxReach := gate.Reaches(pass.Pkg, apis.PgxTxPaths...)
	return gate.Uses(pass, func(fn *types.Func) bool {
		switch {
		case isWithoutCancel(fn), detachers.Match(fn):
			return true
		case sinkReach && sinks.Match(fn):
			return true
		case pgxReach && fn.Name() == "Commit" && fn.Signature().Recv() != nil:
			return true
		}
		return false
	}, new(ReachesSink), new(ReturnsDetached))
}

func isWithoutCancel(fn *types.Func) bool {
	return fn.Name() == "WithoutCancel" && fn.Pkg() != nil && fn.Pkg().Path() == "context" && fn.Signature().Recv() == nil
}
