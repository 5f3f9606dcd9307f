package consume_test

import (
	"fmt"
	"go/types"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"
	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/consume"
)

// Analyzers requiring consume.Analyzer share its Result concurrently (run
// the test with -race): two that ask for every summary get the same
// answers as one asking alone; Func agrees with them for the package's
// functions and answers from the facts for other packages'.
func TestResultShared(t *testing.T) {
	dir, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	cfg := &packages.Config{
		Mode: packages.LoadAllSyntax,
		Dir:  filepath.Join(dir, "src"),
		Env:  append(os.Environ(), "GOPATH="+dir, "GO111MODULE=off", "GOPROXY=off", "GOWORK=off"),
	}
	pkgs, err := packages.Load(cfg, "offsetorder/helper/...", "offsetorder/franzwired/...", "skipcommit/permessage")
	if err != nil || len(pkgs) < 4 {
		t.Fatalf("load: %v (%d packages)", err, len(pkgs))
	}
	together := answers(t, pkgs, asker("a1"), asker("a2"))
	alone := answers(t, pkgs, asker("a3"))
	if len(alone["a3"]) < 20 {
		t.Fatalf("only %d answers: %q", len(alone), alone)
	}
	if !slices.Equal(together["a1"], alone["a3"]) || !slices.Equal(together["a2"], alone["a3"]) {
		t.Errorf("shared answers differ:\na1 %q\na2 %q\nalone %q", together["a1"], together["a2"], alone["a3"])
	}
	if !slices.ContainsFunc(alone["a3"], func(s string) bool { return strings.HasPrefix(s, "imported ") && strings.Contains(s, "→") }) {
		t.Errorf("no summary imported from a fact: %q", alone["a3"])
	}
}

// asker returns an analyzer that asks consume's Result for the summary of
// each function of the package (and, through Func, of each function it
// calls), returning the answers.
func asker(name string) *analysis.Analyzer {
	return &analysis.Analyzer{
		Name:       name,
		Doc:        "ask consume for every summary",
		Requires:   []*analysis.Analyzer{consume.Analyzer},
		ResultType: reflect.TypeFor[[]string](),
		Run: func(pass *analysis.Pass) (any, error) {
			res, _ := pass.ResultOf[consume.Analyzer].(*consume.Result)
			c := res.Checker(pass)
			if c == nil {
				return []string(nil), nil
			}
			var out []string
			for _, fn := range res.SSA().SrcFuncs {
				s := c.Summarize(fn)
				out = append(out, fmt.Sprintf("%s: commit %q durable %q", fn, s.Commit, s.Durable))
				if obj, ok := fn.Object().(*types.Func); ok && fn.Parent() == nil {
					if f := res.Func(obj); (f == nil) != (s.Commit == "" && s.Durable == "") || f != nil && *f != *s {
						return nil, fmt.Errorf("Func(%s) = %v, Summarize = %v", obj, f, s)
					}
				}
				for _, b := range fn.Blocks {
					for _, instr := range b.Instrs {
						if call, ok := instr.(ssa.CallInstruction); ok {
							if obj, _ := consume.CalleeOf(call.Common()); obj != nil && obj.Pkg() != nil && obj.Pkg() != pass.Pkg {
								if f := res.Func(obj); f != nil {
									out = append(out, fmt.Sprintf("imported %s: commit %q durable %q", obj, f.Commit, f.Durable))
								}
							}
						}
					}
				}
			}
			return out, nil
		},
	}
}

// answers runs the analyzers on pkgs and returns each one's answers, over
// all packages, sorted.
func answers(t *testing.T, pkgs []*packages.Package, as ...*analysis.Analyzer) map[string][]string {
	t.Helper()
	graph, err := checker.Analyze(as, pkgs, nil)
	if err != nil {
		t.Fatal(err)
	}
	out := make(map[string][]string)
	for _, act := range graph.Roots {
		if act.Err != nil {
			t.Fatalf("%s on %s: %v", act.Analyzer.Name, act.Package.PkgPath, act.Err)
		}
		out[act.Analyzer.Name] = append(out[act.Analyzer.Name], act.Result.([]string)...)
	}
	for _, v := range out {
		slices.Sort(v)
	}
	return out
}
