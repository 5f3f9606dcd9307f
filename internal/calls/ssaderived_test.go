package calls_test

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/calls"
	"github.com/idemlint/idemlint/internal/ssabuild"
)

// calledFact is a test summary: the static callees of a function, each
// with the summary the skeleton gave for it ("-" for none).
type calledFact struct{ Calls []string }

func (*calledFact) AFact() {}

const ssaDerivedLib = `package lib

func Remote() {}
func Quiet() {}
`

const ssaDerivedSrc = `package p

import "lib"

func Exported() { helper() }

func helper() { Exported(); lib.Remote(); lib.Quiet() }

func unexported() {}

type T struct{}

func (T) M()           {}
func (T) m()           {}
func Generic[X any]()  {}

func user() {
	f := T{}.M
	f()
	Generic[int]()
	func() { unexported() }()
}
`

// buildSSA type-checks lib, then p, and builds p's SSA as idemlint does
// (ssabuild: lib imported without bodies); it returns p's pass, without
// facts yet, and the SSA.
func buildSSA(t *testing.T) (*analysis.Pass, *ssabuild.SSA, *types.Package) {
	t.Helper()
	fset := token.NewFileSet()
	libFile, err := parser.ParseFile(fset, "lib.go", ssaDerivedLib, 0)
	if err != nil {
		t.Fatal(err)
	}
	lib, err := new(types.Config).Check("lib", fset, []*ast.File{libFile}, nil)
	if err != nil {
		t.Fatal(err)
	}
	f, err := parser.ParseFile(fset, "p.go", ssaDerivedSrc, 0)
	if err != nil {
		t.Fatal(err)
	}
	imp := importerFunc(func(path string) (*types.Package, error) {
		if path == "lib" {
			return lib, nil
		}
		return importer.Default().Import(path)
	})
	info := &types.Info{
		Types:        make(map[ast.Expr]types.TypeAndValue),
		Defs:         make(map[*ast.Ident]types.Object),
		Uses:         make(map[*ast.Ident]types.Object),
		Implicits:    make(map[ast.Node]types.Object),
		Instances:    make(map[*ast.Ident]types.Instance),
		Selections:   make(map[*ast.SelectorExpr]*types.Selection),
		Scopes:       make(map[ast.Node]*types.Scope),
		FileVersions: make(map[*ast.File]string),
	}
	pkg, err := (&types.Config{Importer: imp}).Check("p", fset, []*ast.File{f}, info)
	if err != nil {
		t.Fatal(err)
	}
	pass := &analysis.Pass{Fset: fset, Files: []*ast.File{f}, Pkg: pkg, TypesInfo: info}
	return pass, ssabuild.Build(pass, nil), lib
}

type importerFunc func(path string) (*types.Package, error)

func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }

// TestSSADerived checks the SSA-keyed skeleton: each function of the
// package is computed once, a cycle is cut with the zero summary, calls
// through a bound-method wrapper and a generic instance resolve to the
// declared function, other packages' summaries come from their facts
// (only the functions with one), and Export exports exported functions
// and every method, nothing else.
func TestSSADerived(t *testing.T) {
	pass, built, lib := buildSSA(t)
	pkg, funcs := built.Pkg, built.SrcFuncs
	exported := map[string]*calledFact{}
	pass.ImportObjectFact = func(obj types.Object, f analysis.Fact) bool {
		if obj.Pkg() != lib || obj.Name() != "Remote" {
			return false
		}
		*f.(*calledFact) = calledFact{Calls: []string{"remote"}}
		return true
	}
	pass.ExportObjectFact = func(obj types.Object, f analysis.Fact) {
		if _, dup := exported[obj.Name()]; dup {
			t.Errorf("fact of %s exported twice", obj.Name())
		}
		exported[obj.Name()] = f.(*calledFact)
	}
	computed := map[*ssa.Function]int{}
	var d *calls.SSADerived[*calledFact]
	d = calls.NewFactSSADerived[calledFact](pass, pkg, funcs, func(fn *ssa.Function) *calledFact {
		computed[fn]++
		var out []string
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				call, ok := instr.(ssa.CallInstruction)
				if !ok {
					continue
				}
				callee := call.Common().StaticCallee()
				if callee == nil {
					continue
				}
				got := "-"
				if s := d.Of(callee); s != nil {
					got = strings.Join(s.Calls, ",")
					if got == "" {
						got = "()"
					}
				}
				out = append(out, callee.Name()+"="+got)
			}
		}
		return &calledFact{Calls: out}
	})
	fn := func(name string) *ssa.Function {
		f := pkg.Func(name)
		if f == nil {
			t.Fatalf("no function %s", name)
		}
		return f
	}

	// Cycle: Exported → helper → Exported; helper sees Exported as the
	// zero summary (computing), lib.Remote through its fact, lib.Quiet
	// (no fact) as none.
	if got, want := d.Of(fn("Exported")).Calls, []string{"helper=Exported=-,Remote=remote,Quiet=-"}; !slices.Equal(got, want) {
		t.Errorf("Of(Exported) = %q, want %q", got, want)
	}
	if got, want := d.Of(fn("helper")).Calls, []string{"Exported=-", "Remote=remote", "Quiet=-"}; !slices.Equal(got, want) {
		t.Errorf("Of(helper) = %q, want %q", got, want)
	}

	// user calls T.M through its bound wrapper, Generic through an
	// instance, and a literal: the first two resolve to the declarations.
	var m *ssa.Function
	for _, f := range funcs {
		if f.Name() == "M" {
			m = f
		}
	}
	if got, want := d.Of(fn("user")).Calls, []string{"M$bound=()", "Generic[int]=()", "user$1=unexported=()"}; !slices.Equal(got, want) {
		t.Errorf("Of(user) = %q, want %q", got, want)
	}
	var bound, inst *ssa.Function
	for _, b := range fn("user").Blocks {
		for _, instr := range b.Instrs {
			if c, ok := instr.(ssa.CallInstruction); ok {
				switch callee := c.Common().StaticCallee(); {
				case callee != nil && callee.Synthetic != "" && strings.HasSuffix(callee.Name(), "$bound"):
					bound = callee
				case callee != nil && callee.Origin() != nil:
					inst = callee
				}
			}
		}
	}
	if bound == nil || d.Local(bound) != m {
		t.Errorf("Local(%v) = %v, want the method %v", bound, d.Local(bound), m)
	}
	if inst == nil || d.Local(inst) != fn("Generic") {
		t.Errorf("Local(%v) = %v, want the generic origin", inst, d.Local(inst))
	}
	if remote := pkg.Prog.FuncValue(lib.Scope().Lookup("Remote").(*types.Func)); d.Local(remote) != nil {
		t.Errorf("Local(lib.Remote) = %v, want nil", d.Local(remote))
	}
	if got := d.OfFunc(lib.Scope().Lookup("Remote").(*types.Func)); got == nil || got.Calls[0] != "remote" {
		t.Errorf("OfFunc(lib.Remote) = %v, want its fact", got)
	}
	if got := d.OfFunc(fn("helper").Object().(*types.Func)); got != d.Of(fn("helper")) {
		t.Errorf("OfFunc(helper) = %v, want the memoised summary %v", got, d.Of(fn("helper")))
	}

	calls.ExportSSAFacts(d)
	var names []string
	for name := range exported {
		names = append(names, name)
	}
	slices.Sort(names)
	if want := []string{"Exported", "Generic", "M", "m"}; !slices.Equal(names, want) {
		t.Errorf("exported facts of %q, want %q (exported functions and every method)", names, want)
	}
	for f, n := range computed {
		if n != 1 {
			t.Errorf("%v computed %d times, want once", f, n)
		}
	}
	if computed[fn("unexported")] != 1 || computed[fn("helper")] != 1 {
		t.Errorf("unexported functions not computed on demand: %v", computed)
	}

	// Reset forgets: asked again, a summary is computed again.
	d.Reset()
	d.Of(fn("unexported"))
	if computed[fn("unexported")] != 2 {
		t.Errorf("after Reset, unexported computed %d times, want 2", computed[fn("unexported")])
	}
}
