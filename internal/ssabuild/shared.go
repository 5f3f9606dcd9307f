package ssabuild

import (
	"go/types"
	"reflect"
	"sync"

	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/internal/noreturn"
	"github.com/idemlint/idemlint/internal/safe"
)

// Analyzer shares one SSA build of a package among the analyzers that need
// SSA (ctxcancel, and internal/consume, whose result offsetorder and
// skipcommit use): its result builds nothing until
// one of them asks (Shared.Get), after that analyzer's own gate has let
// the package through, and then builds once for all of them.
//
// Holding the SSA in a result is affordable because every driver now lets
// results go with the package: idemlint's own driver and the
// golangci-lint plugin run the suite as one analyzer per package
// (internal/bundle), whose inner results die when it returns, and go vet
// runs one process per package. (Under the stock x/tools checker, which
// keeps every action's result to the end of the run, each package's SSA
// would live that long; see Build.)
var Analyzer = &analysis.Analyzer{
	Name:       "ssabuild",
	Doc:        "build a package's SSA once, on first demand, for the analyzers that need it",
	URL:        "https://github.com/idemlint/idemlint/tree/main/internal/ssabuild",
	Run:        safe.Run(newShared),
	Requires:   []*analysis.Analyzer{noreturn.Analyzer},
	ResultType: reflect.TypeFor[*Shared](),
}

// Shared is the Analyzer's result: the package's SSA, built on first use.
type Shared struct {
	pass *analysis.Pass
	once sync.Once
	ssa  *SSA
}

func newShared(pass *analysis.Pass) (any, error) {
	return &Shared{pass: pass}, nil
}

// Get returns the package's SSA, building it on the first call. Analyzers
// running concurrently on the package may call it; the SSA is read-only
// once built.
func (s *Shared) Get() *SSA {
	s.once.Do(func() {
		nr, _ := s.pass.ResultOf[noreturn.Analyzer].(*noreturn.Result)
		var noReturn func(*types.Func) bool
		if nr != nil {
			noReturn = nr.NoReturn
		}
		s.ssa = Build(s.pass, noReturn)
	})
	return s.ssa
}
