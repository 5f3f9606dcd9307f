package skipcommit

import (
	"go/ast"
	"go/constant"

	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/internal/apis"
)

// DeclaresDeadLetter marks a package that names the amqp queue argument
// x-dead-letter-exchange: a queue it declares may dead-letter rejected
// messages.
type DeclaresDeadLetter struct{}

// AFact implements analysis.Fact.
func (*DeclaresDeadLetter) AFact() {}

func (*DeclaresDeadLetter) String() string { return "declaresDeadLetter" }

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
