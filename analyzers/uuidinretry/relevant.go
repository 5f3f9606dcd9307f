package uuidinretry

import (
	"go/ast"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/internal/apis"
	"github.com/idemlint/idemlint/internal/gate"
)

// relevance is the analyzer's gate: a fresh identifier or an unkeyed
// write request, which every finding and the MakesFreshID and
// SendsUnkeyedWrite facts start from, can come up in the package only if a
// non-standard identifier or HTTP library (or a -generators function) is
// within reach, or the code refers to a function of a standard one
// (crypto/rand.Text, net/http's NewRequest or (*Client).Post: the
// standard library is within everyone's reach, so the use itself
// decides), or to a function of another package with one of those facts.
// RetriesParam needs no library: without the gate, only it is exported.
var relevance = gate.Gate{
	Libraries: func() []string { lib, _ := gate.SplitStd(libraries()); return lib },
	Std:       func() []string { _, std := gate.SplitStd(libraries()); return std },
	Facts:     []analysis.Fact{new(MakesFreshID), new(SendsUnkeyedWrite)},
	Named:     true, // every helper summary read is one of Facts
}

// libraries are the packages of the identifier generators (with
// -generators) and of the HTTP clients.
func libraries() []string {
	out := append(append(append([]string{}, apis.IDGeneratorPaths()...), apis.NetworkCallPaths()...), extraGenerators.Paths()...)
	return append(out, "net/http", "github.com/hashicorp/go-retryablehttp")
}

// usesFuncParam reports whether fd's body calls one of fn's function-typed
// parameters or passes one as a call argument: only such a function can
// have RetriesParam (computeRetries), so the others are skipped before any
// inspector is built.
func (c *checker) usesFuncParam(fn *types.Func, fd *ast.FuncDecl) bool {
	sig := fn.Signature()
	isParam := func(e ast.Expr) bool {
		id, ok := ast.Unparen(e).(*ast.Ident)
		if !ok {
			return false
		}
		v, ok := c.pass.TypesInfo.Uses[id].(*types.Var)
		if !ok {
			return false
		}
		if _, ok := v.Type().Underlying().(*types.Signature); !ok {
			return false
		}
		return funcParamIndex(sig, v) >= 0
	}
	found := false
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if found {
			return false
		}
		if call, ok := n.(*ast.CallExpr); ok {
			found = isParam(call.Fun) || slices.ContainsFunc(call.Args, isParam)
		}
		return !found
	})
	return found
}
