package offsetorder

import (
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/consume"
)

// CommitsOffset marks a function that commits (or marks for commit) Kafka
// offsets when called: a call of it is an offset commit.
type CommitsOffset struct {
	Via string // the chain to the library call, e.g. "commit → (*kafka.Reader).CommitMessages"
}

// AFact implements analysis.Fact.
func (*CommitsOffset) AFact() {}

func (f *CommitsOffset) String() string { return "commitsOffset(" + f.Via + ")" }

// DurableWork marks a function that does work a consumed message must not
// be committed before: an SQL statement or transaction commit, a network
// call, a produce, or a call of a handler through an interface or function value.
type DurableWork struct {
	Via string // the chain to the call doing the work
}

// AFact implements analysis.Fact.
func (*DurableWork) AFact() {}

func (f *DurableWork) String() string { return "durableWork(" + f.Via + ")" }

// factIO reads the facts of other packages for the consume layer.
type factIO struct{ pass *analysis.Pass }

func (f factIO) Commit(obj *types.Func) string {
	var fact CommitsOffset
	if f.pass.ImportObjectFact(obj, &fact) {
		return fact.Via
	}
	return ""
}

func (f factIO) Durable(obj *types.Func) string {
	var fact DurableWork
	if f.pass.ImportObjectFact(obj, &fact) {
		return fact.Via
	}
	return ""
}

// exportFacts exports the facts of the package's named functions.
func (a *checker) exportFacts(funcs []*ssa.Function) {
	a.ExportSummaries(funcs, func(obj *types.Func, s *consume.Summary) {
		if s.Commit != "" {
			a.Pass.ExportObjectFact(obj, &CommitsOffset{Via: s.Commit})
		}
		if s.Durable != "" {
			a.Pass.ExportObjectFact(obj, &DurableWork{Via: s.Durable})
		}
	})
}
