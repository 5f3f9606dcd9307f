package skipcommit

import (
	"go/ast"
	"go/constant"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/internal/apis"
	"github.com/idemlint/idemlint/internal/consume"
	"github.com/idemlint/idemlint/internal/ssabuild"
)

// CommitsOffset marks a function that commits (or marks, or acks) the
// message it handles: a call of it is a commit.
type CommitsOffset struct {
	Via string // the chain to the library call
}

// AFact implements analysis.Fact.
func (*CommitsOffset) AFact() {}

func (f *CommitsOffset) String() string { return "commitsOffset(" + f.Via + ")" }

// DurableWork marks a function that does work with a message (an SQL
// statement, a network call, a publish, a handler called through an
// interface or a function value): its failure is a failed message.
type DurableWork struct {
	Via string // the chain to the call doing the work
}

// AFact implements analysis.Fact.
func (*DurableWork) AFact() {}

func (f *DurableWork) String() string { return "durableWork(" + f.Via + ")" }

// DeclaresDeadLetter marks a package that names the amqp queue argument
// x-dead-letter-exchange: a queue it declares may dead-letter rejected
// messages.
type DeclaresDeadLetter struct{}

// AFact implements analysis.Fact.
func (*DeclaresDeadLetter) AFact() {}

func (*DeclaresDeadLetter) String() string { return "declaresDeadLetter" }

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
func exportFacts(c *consume.Checker, s *ssabuild.SSA) {
	c.ExportSummaries(s.SrcFuncs, func(obj *types.Func, s *consume.Summary) {
		if s.Commit != "" {
			c.Pass.ExportObjectFact(obj, &CommitsOffset{Via: s.Commit})
		}
		if s.Durable != "" {
			c.Pass.ExportObjectFact(obj, &DurableWork{Via: s.Durable})
		}
	})
}

// exportDeadLetter marks the package if its source names the queue
// argument x-dead-letter-exchange (as a constant string anywhere).
func exportDeadLetter(pass *analysis.Pass) {
	if namesDeadLetter(pass) {
		pass.ExportPackageFact(&DeclaresDeadLetter{})
	}
}

func namesDeadLetter(pass *analysis.Pass) bool {
	found := false
	for _, f := range pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			if found {
				return false
			}
			if lit, ok := n.(*ast.BasicLit); ok {
				if tv, ok := pass.TypesInfo.Types[lit]; ok && tv.Value != nil && tv.Value.Kind() == constant.String &&
					constant.StringVal(tv.Value) == apis.AMQPDeadLetterArg {
					found = true
				}
			}
			return true
		})
	}
	return found
}

// deadLetterInSight reports whether this package or one it depends on
// names a dead-letter exchange.
func (a *checker) deadLetterInSight() bool {
	if a.dlx == nil {
		v := namesDeadLetter(a.Pass)
		if !v {
			for _, pf := range a.Pass.AllPackageFacts() {
				if _, ok := pf.Fact.(*DeclaresDeadLetter); ok {
					v = true
					break
				}
			}
		}
		a.dlx = &v
	}
	return *a.dlx
}
