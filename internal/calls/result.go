package calls

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"path/filepath"
	"sync"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/cfg"

	"github.com/idemlint/idemlint/internal/apis"
	"github.com/idemlint/idemlint/internal/gate"
	"github.com/idemlint/idemlint/internal/noreturn"
)

// Result answers questions about the calls of the analysed package from
// the summaries: those of its own functions (computed once, on first use)
// and those imported from its dependencies.
//
// Several analyzers that require calls use one Result concurrently, so
// every exported method holds mu; unexported methods expect it held.
type Result struct {
	pass *analysis.Pass
	sets [numEffects]*apis.Set // the library calls of each effect
	nr   *noreturn.Result

	// which libraries the package reaches: no transaction effect without a
	// database library, no effect chain without a library of its kind
	dbReach bool
	reach   [numEffects]bool
	std     bool // a package of the standard library: no summaries

	decls map[*types.Func]*ast.FuncDecl
	sums  memo[*types.Func, *Summary] // nil: nothing
	cfgs  map[ast.Node]*cfg.CFG
	lits  [numEffects]map[*ast.FuncLit][]string // effect chains of literals reached as values
	strs  map[*types.Var][]ast.Expr             // values stored in local string variables, built on first use

	idx   *index // function values and callback arguments, built on first use
	ifc   *ifaces
	keeps *keeps // constructors' KeepsParams (ctorstore.go)

	fstores *fieldStores // concrete types stored in interface-typed fields (fieldtypes.go), built on first use

	portMemo memo[*types.Func, []PortCall] // port calls reached by the package's functions (ports.go), on first use

	mu sync.Mutex
}

func newResult(pass *analysis.Pass, sets [numEffects]*apis.Set) *Result {
	r := &Result{
		pass:  pass,
		sets:  sets,
		decls: make(map[*types.Func]*ast.FuncDecl),
		sums:  newMemo[*types.Func, *Summary](),
		cfgs:  make(map[ast.Node]*cfg.CFG),
	}
	r.nr, _ = pass.ResultOf[noreturn.Analyzer].(*noreturn.Result)
	r.dbReach = gate.Disabled || gate.Reaches(pass.Pkg, apis.DBPaths...)
	for k := range numEffects {
		r.lits[k] = make(map[*ast.FuncLit][]string)
		r.reach[k] = gate.Disabled || gate.Reaches(pass.Pkg, effectPaths(k, sets[k])...)
	}
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
				if fn, ok := pass.TypesInfo.Defs[fd.Name].(*types.Func); ok {
					r.decls[fn] = fd
				}
			}
		}
	}
	return r
}

// exportFacts exports the summaries of the package's functions and
// interface methods, in source order.
func (r *Result) exportFacts() {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, f := range r.pass.Files {
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if fn, ok := r.pass.TypesInfo.Defs[d.Name].(*types.Func); ok && d.Body != nil {
					r.export(fn)
				}
			case *ast.GenDecl:
				for _, m := range interfaceMethods(r.pass.TypesInfo, d) {
					r.export(m)
				}
			}
		}
	}
}

func (r *Result) export(fn *types.Func) {
	if s := r.summary(fn); !s.empty() {
		r.pass.ExportObjectFact(fn, s)
	}
}

// interfaceMethods returns the explicit methods of the non-generic
// interfaces a declaration declares.
func interfaceMethods(info *types.Info, d *ast.GenDecl) []*types.Func {
	var out []*types.Func
	for _, s := range d.Specs {
		ts, ok := s.(*ast.TypeSpec)
		if !ok {
			continue
		}
		tn, ok := info.Defs[ts.Name].(*types.TypeName)
		if !ok || tn.IsAlias() {
			continue
		}
		named, ok := tn.Type().(*types.Named)
		if !ok || named.TypeParams().Len() > 0 {
			continue
		}
		if iface, ok := named.Underlying().(*types.Interface); ok {
			for m := range iface.ExplicitMethods() {
				out = append(out, m)
			}
		}
	}
	return out
}

// Of returns the summary of fn (nil when it has none).
func (r *Result) Of(fn *types.Func) *Summary {
	if r == nil || fn == nil {
		return nil
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	s := r.summary(fn)
	if s.empty() {
		return nil
	}
	return s
}

// summary returns the summary of fn: computed for the package's own
// functions and interface methods, imported for the others (an interface
// method of a dependency is also resolved here, when the fact is absent).
// Cycles are cut conservatively: a function whose summary is being
// computed has none.
func (r *Result) summary(fn *types.Func) *Summary {
	if fn == nil {
		return nil
	}
	return r.sums.get(fn.Origin(), r.summarise)
}

// summarise computes or imports the summary of fn (an origin), once.
func (r *Result) summarise(fn *types.Func) *Summary {
	var s *Summary
	switch {
	case r.std || fn.Pkg() != nil && (apis.IsStdlib(fn.Pkg().Path()) || tableLibrary(fn.Pkg().Path())):
		// the tables know the standard library and the tabled libraries,
		// their generated gRPC clients by shape (shape.go)
		s = r.tabledShape(fn)
	case fn.Pkg() != r.pass.Pkg:
		var f Summary
		if fn.Pkg() != nil && r.pass.ImportObjectFact(fn, &f) {
			s = &f
		} else if isInterfaceMethod(fn) {
			s = r.interfaceSummary(fn)
		}
	case isInterfaceMethod(fn):
		s = r.interfaceSummary(fn)
	case r.decls[fn] != nil:
		s = r.compute(fn, r.decls[fn])
	}
	if s.empty() {
		return nil
	}
	return s
}

// compute builds the summary of a function declared in the package.
func (r *Result) compute(fn *types.Func, decl *ast.FuncDecl) *Summary {
	s := &Summary{}
	for k := range numEffects {
		if r.reach[k] {
			*s.chain(k) = r.bodyChain(decl.Body, k)
		}
	}
	if r.dbReach {
		if returnsHeldTx(fn) {
			s.Begins = r.computeBegins(decl)
		} else {
			s.Begins = r.computeStoredBegin(fn, decl)
		}
		s.Ends = r.computeEnds(fn, decl)
	}
	s.Calls = r.computeCalls(fn, decl)
	return s
}

// CallLits returns the function literals that call evaluates during the
// call: the literal called itself, and literals passed as arguments.
func CallLits(call *ast.CallExpr) []*ast.FuncLit {
	var out []*ast.FuncLit
	if lit, ok := ast.Unparen(call.Fun).(*ast.FuncLit); ok {
		out = append(out, lit)
	}
	for _, a := range call.Args {
		if lit, ok := ast.Unparen(a).(*ast.FuncLit); ok {
			out = append(out, lit)
		}
	}
	return out
}

func clip(chain []string) []string {
	if len(chain) <= maxChain {
		return chain
	}
	out := append([]string{}, chain[:maxChain-2]...)
	return append(out, "…", chain[len(chain)-1])
}

func isFuncParam(fn *types.Func, i int) bool {
	ps := fn.Signature().Params()
	if i < 0 || i >= ps.Len() {
		return false
	}
	t := ps.At(i).Type()
	if fn.Signature().Variadic() && i == ps.Len()-1 {
		return false
	}
	_, ok := t.Underlying().(*types.Signature)
	return ok
}

// where returns "file.go:line" for pos.
func (r *Result) where(pos token.Pos) string {
	p := r.pass.Fset.Position(pos)
	return fmt.Sprintf("%s:%d", filepath.Base(p.Filename), p.Line)
}
