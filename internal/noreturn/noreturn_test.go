package noreturn_test

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/types"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/analysis/passes/ctrlflow"
	"golang.org/x/tools/go/cfg"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/idemlint/idemlint/internal/noreturn"
)

func testdata(t *testing.T) string {
	dir, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestFacts(t *testing.T) {
	analysistest.Run(t, testdata(t), noreturn.Analyzer, "noreturn/...")
}

// compare reports every function or call on which noreturn and ctrlflow
// disagree, and every CFG that differs.
var compare = &analysis.Analyzer{
	Name:     "compare",
	Doc:      "compare noreturn with ctrlflow",
	Requires: []*analysis.Analyzer{ctrlflow.Analyzer, noreturn.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		cf := pass.ResultOf[ctrlflow.Analyzer].(*ctrlflow.CFGs)
		nr := pass.ResultOf[noreturn.Analyzer].(*noreturn.Result)
		format := func(g *cfg.CFG) string {
			if g == nil {
				return "<nil>"
			}
			return g.Format(pass.Fset)
		}
		for _, f := range pass.Files {
			ast.Inspect(f, func(n ast.Node) bool {
				var fn *types.Func
				switch n := n.(type) {
				case *ast.FuncDecl:
					fn, _ = pass.TypesInfo.Defs[n.Name].(*types.Func)
					if a, b := format(cf.FuncDecl(n)), format(nr.FuncDecl(n)); a != b {
						pass.Reportf(n.Pos(), "CFG of %s differs:\nctrlflow:\n%s\nnoreturn:\n%s", n.Name.Name, a, b)
					}
				case *ast.FuncLit:
					if a, b := format(cf.FuncLit(n)), format(nr.FuncLit(n)); a != b {
						pass.Reportf(n.Pos(), "CFG of literal differs:\nctrlflow:\n%s\nnoreturn:\n%s", a, b)
					}
				case *ast.CallExpr:
					fn = typeutil.StaticCallee(pass.TypesInfo, n)
				}
				if fn != nil && cf.NoReturn(fn) != nr.NoReturn(fn) {
					pass.Reportf(n.Pos(), "%s: ctrlflow says noReturn=%t, noreturn says %t", fn.Name(), cf.NoReturn(fn), nr.NoReturn(fn))
				}
				return true
			})
		}
		return nil, nil
	},
}

// TestSameAsCtrlflow holds noreturn to ctrlflow's answers and CFGs, on
// its own testdata and on the code of the analyzers that use them.
func TestSameAsCtrlflow(t *testing.T) {
	var buf bytes.Buffer
	rt := &recorder{T: t, buf: &buf}
	analysistest.Run(rt, testdata(t), compare, "noreturn/...", "httpintx/...", "ctxcancel/...", "skipcommit/...")
	if buf.Len() > 0 {
		t.Error(buf.String())
	}
}

// recorder collects analysistest's errors (there are no `// want` lines for
// compare, so every diagnostic is one).
type recorder struct {
	*testing.T
	buf *bytes.Buffer
}

func (r *recorder) Errorf(format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	// The fact lines are TestFacts'; the other analyzers' testdata have
	// their own `// want` lines, which compare does not answer.
	if !strings.Contains(msg, "no fact was reported") && !strings.Contains(msg, "no diagnostic was reported") {
		fmt.Fprintln(r.buf, msg)
	}
}
