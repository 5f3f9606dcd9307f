// Package noreturn defines an Analyzer that finds the functions that never
// return (they call os.Exit, log.Fatal, panic on every path, ...) and
// builds control-flow graphs on demand.
//
// It computes exactly what golang.org/x/tools/go/analysis/passes/ctrlflow
// (v0.52.0) computes — the same noReturn induction over the package's
// static call graph, the same intrinsics, a fact exported per no-return
// function — but it keeps no CFG and needs no inspector. ctrlflow keeps a
// CFG of every function and requires inspect, and the checker holds every
// action's result until the whole run ends: on a 166k-line module that is
// tens of megabytes held for packages where no idemlint analyzer has
// anything to do. Analyzers that need a CFG (httpintx) or SSA
// (internal/ssabuild) ask this Result for it, for the packages they
// actually examine, and drop it when their pass ends.
package noreturn

import (
	"go/ast"
	"go/token"
	"go/types"
	"reflect"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/cfg"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/idemlint/idemlint/internal/safe"
)

// Analyzer computes the NoReturn fact and the Result.
var Analyzer = &analysis.Analyzer{
	Name:       "noreturn",
	Doc:        "find functions that never return (like ctrlflow, without keeping CFGs)",
	URL:        "https://github.com/idemlint/idemlint/tree/main/internal/noreturn",
	Run:        safe.Run(run),
	ResultType: reflect.TypeFor[*Result](),
	FactTypes:  []analysis.Fact{new(NoReturn)},
}

// NoReturn marks a function that never returns normally.
type NoReturn struct{}

// AFact implements analysis.Fact.
func (*NoReturn) AFact() {}

// String returns "noReturn".
func (*NoReturn) String() string { return "noReturn" }

// Result answers which functions never return, for the functions of the
// package and for the imported functions the package calls as statements,
// as ctrlflow.CFGs.NoReturn does.
type Result struct {
	info      *types.Info
	noReturn  map[*types.Func]bool
	intrinsic map[*types.Func]bool // declared here and known intrinsically: no CFG (as in ctrlflow)
	// Calls whose answer, when ctrlflow built the CFG holding them, was not
	// the final one: inside a recursive cycle, a function still being
	// worked on may return. Kept so that CFGs built later are ctrlflow's.
	override map[*ast.CallExpr]bool
}

// NoReturn reports whether fn never returns. Like ctrlflow.CFGs.NoReturn,
// it is defined for the package's functions and for the imported functions
// the package calls as statements.
func (r *Result) NoReturn(fn *types.Func) bool { return r != nil && r.noReturn[fn] }

// MayReturn reports whether a call may return; it is the predicate
// cfg.New is given.
func (r *Result) MayReturn(call *ast.CallExpr) bool {
	if v, ok := r.override[call]; ok {
		return v
	}
	return r.finalMayReturn(call)
}

func (r *Result) finalMayReturn(call *ast.CallExpr) bool {
	if id, ok := call.Fun.(*ast.Ident); ok && r.info.Uses[id] == panicBuiltin {
		return false
	}
	fn := typeutil.StaticCallee(r.info, call)
	return fn == nil || !r.noReturn[fn]
}

// FuncDecl returns a new CFG of decl's body, or nil when decl has no body
// or its function is a known intrinsic (as ctrlflow.CFGs.FuncDecl does).
// Callers that need it twice keep it.
func (r *Result) FuncDecl(decl *ast.FuncDecl) *cfg.CFG {
	if decl.Body == nil {
		return nil
	}
	if fn, ok := r.info.Defs[decl.Name].(*types.Func); ok && r.intrinsic[fn] {
		return nil
	}
	return cfg.New(decl.Body, r.MayReturn)
}

// FuncLit returns a new CFG of lit's body.
func (r *Result) FuncLit(lit *ast.FuncLit) *cfg.CFG {
	return cfg.New(lit.Body, r.MayReturn)
}

// declInfo is the state of one function declaration during the run.
type declInfo struct {
	decl    *ast.FuncDecl
	started bool
}

type state struct {
	pass    *analysis.Pass
	decls   map[*types.Func]*declInfo
	res     *Result
	answers map[*ast.CallExpr]bool // what callMayReturn said, per call
	lits    []*ast.FuncLit         // the literals the body walks met
}

// run follows ctrlflow.run: it builds, in source order, the CFG of every
// named function that may not return (recursively for its callees, cycles
// broken by the started mark; mayEndElsewhere skips the others), asks the
// predicate of the call statements of every function literal, and exports
// a fact for each function found not to return. The CFGs are dropped.
func run(pass *analysis.Pass) (any, error) {
	s := &state{
		pass:    pass,
		decls:   make(map[*types.Func]*declInfo),
		answers: make(map[*ast.CallExpr]bool),
		res: &Result{
			info:      pass.TypesInfo,
			noReturn:  make(map[*types.Func]bool),
			intrinsic: make(map[*types.Func]bool),
			override:  make(map[*ast.CallExpr]bool),
		},
	}
	// Function declarations are top-level; the literals are collected by
	// the body walks (mayEndElsewhere), one pass over the syntax in all.
	var order []*types.Func
	var unwalked []ast.Node // syntax no body walk covers: literals are looked for there
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok {
				unwalked = append(unwalked, d)
				continue
			}
			if fn, ok := pass.TypesInfo.Defs[fd.Name].(*types.Func); ok {
				s.decls[fn] = &declInfo{decl: fd}
				order = append(order, fn)
			} else {
				unwalked = append(unwalked, fd)
			}
		}
	}
	for _, fn := range order {
		s.buildDecl(fn, s.decls[fn])
		if s.res.intrinsic[fn] {
			unwalked = append(unwalked, s.decls[fn].decl)
		}
	}
	for _, n := range unwalked {
		ast.Inspect(n, func(n ast.Node) bool {
			if lit, ok := n.(*ast.FuncLit); ok {
				s.lits = append(s.lits, lit)
				return false // its body walk finds the literals in it
			}
			return true
		})
	}
	// ctrlflow builds the literals' CFGs too; they add the imported
	// no-return functions the literals call to the answers. The walk of a
	// literal's body appends the literals in it.
	for i := 0; i < len(s.lits); i++ {
		s.mayEndElsewhere(s.lits[i].Body)
	}
	for call, ans := range s.answers {
		if s.res.finalMayReturn(call) != ans {
			s.res.override[call] = ans
		}
	}
	s.pass = nil
	return s.res, nil
}

func (s *state) buildDecl(fn *types.Func, di *declInfo) {
	if di.started {
		return // break cycle
	}
	di.started = true
	noreturn, known := knownIntrinsic(fn)
	if known {
		s.res.intrinsic[fn] = true
	} else if di.decl.Body != nil && s.mayEndElsewhere(di.decl.Body) {
		if cfg.New(di.decl.Body, s.callMayReturn).NoReturn() {
			noreturn = true
		}
	}
	if noreturn {
		s.pass.ExportObjectFact(fn, new(NoReturn))
		s.res.noReturn[fn] = true
	}
}

// mayEndElsewhere reports whether body may fail to reach its end: it
// holds a call statement that may not return, a for loop without a
// condition, a select or a goto — the only ways a go/cfg graph leaves its
// exit unreachable. A body without them returns, and its CFG (the most
// expensive part of this pass: most functions are such bodies) is not
// built. It asks callMayReturn of the call statements, as cfg.New does of
// them, so the answers (and the callees built on the way) are ctrlflow's;
// like cfg.New it does not enter function literals: it keeps them for
// run's own walk of their bodies.
func (s *state) mayEndElsewhere(body *ast.BlockStmt) bool {
	may := false
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			s.lits = append(s.lits, n)
			return false
		case *ast.ExprStmt:
			if call, ok := n.X.(*ast.CallExpr); ok && !s.callMayReturn(call) {
				may = true
			}
		case *ast.ForStmt:
			may = may || n.Cond == nil
		case *ast.SelectStmt:
			may = true
		case *ast.BranchStmt:
			may = may || n.Tok == token.GOTO
		}
		return true
	})
	return may
}

// callMayReturn is ctrlflow's predicate for cfg.New; it records its answers.
func (s *state) callMayReturn(call *ast.CallExpr) bool {
	r := s.mayReturn(call)
	s.answers[call] = r
	return r
}

func (s *state) mayReturn(call *ast.CallExpr) bool {
	if id, ok := call.Fun.(*ast.Ident); ok && s.pass.TypesInfo.Uses[id] == panicBuiltin {
		return false // panic never returns
	}
	fn := typeutil.StaticCallee(s.pass.TypesInfo, call)
	if fn == nil {
		return true // callee not statically known; be conservative
	}
	if di, ok := s.decls[fn]; ok {
		s.buildDecl(fn, di)
		return !s.res.noReturn[fn]
	}
	if noreturn, known := knownIntrinsic(fn); known {
		if noreturn {
			s.res.noReturn[fn] = true
		}
		return !noreturn
	}
	if s.pass.ImportObjectFact(fn, new(NoReturn)) {
		s.res.noReturn[fn] = true
		return false
	}
	return true
}

var panicBuiltin = types.Universe.Lookup("panic").(*types.Builtin)

// knownIntrinsic is ctrlflow's list: functions that never return because
// they stop the calling thread, and compiler intrinsics that do return —
// plus the standard library's and common loggers' exits and panics. Those
// live outside the analysed code, where no driver computes facts (the
// standalone driver reads them from export data; the others skip them,
// gate.Outside), so they are named here rather than derived.
func knownIntrinsic(fn *types.Func) (noreturn, known bool) {
	if isFunc(fn, "syscall", "Exit", "ExitProcess", "ExitThread") ||
		isFunc(fn, "runtime", "Goexit", "fatalthrow", "fatalpanic", "exit") ||
		isFunc(fn, "os", "Exit") ||
		isFunc(fn, "log", "Fatal", "Fatalf", "Fatalln", "Panic", "Panicf", "Panicln") ||
		isMethod(fn, "log", "Logger", "Fatal", "Fatalf", "Fatalln", "Panic", "Panicf", "Panicln") ||
		isMethod(fn, "testing", "common", "FailNow", "Fatal", "Fatalf", "SkipNow", "Skip", "Skipf") ||
		isFunc(fn, "github.com/sirupsen/logrus", "Exit", "Fatal", "Fatalf", "Fatalln", "Panic", "Panicf", "Panicln") ||
		isMethod(fn, "github.com/sirupsen/logrus", "Logger", "Fatal", "Fatalf", "Fatalln") ||
		isMethod(fn, "github.com/sirupsen/logrus", "Entry", "Fatal", "Fatalf", "Fatalln", "Panic") ||
		isMethod(fn, "go.uber.org/zap", "Logger", "Fatal", "Panic") ||
		isMethod(fn, "go.uber.org/zap", "SugaredLogger", "Fatal", "Fatalw", "Fatalf", "Panic", "Panicw", "Panicf") ||
		isMethod(fn, "github.com/sirupsen/logrus", "Logger", "Exit", "Panic", "Panicf", "Panicln") ||
		isMethod(fn, "github.com/sirupsen/logrus", "Entry", "Panicf", "Panicln") ||
		isFunc(fn, "k8s.io/klog", "Exit", "ExitDepth", "Exitf", "Exitln", "Fatal", "FatalDepth", "Fatalf", "Fatalln") ||
		isFunc(fn, "k8s.io/klog/v2", "Exit", "ExitDepth", "Exitf", "Exitln", "Fatal", "FatalDepth", "Fatalf", "Fatalln") {
		return true, true
	}
	if isFunc(fn, "internal/abi", "EscapeNonString") || isFunc(fn, "hash/maphash", "Comparable") {
		return false, true
	}
	return false, false
}

// isFunc reports whether fn is a package-level function of pkgPath named
// one of names.
func isFunc(fn *types.Func, pkgPath string, names ...string) bool {
	return fn.Pkg() != nil && fn.Pkg().Path() == pkgPath && fn.Signature().Recv() == nil &&
		fn.Parent() == fn.Pkg().Scope() && slices.Contains(names, fn.Name())
}

// isMethod reports whether fn is a method of the package-level type
// pkgPath.typeName (or a pointer to it) named one of names.
func isMethod(fn *types.Func, pkgPath, typeName string, names ...string) bool {
	recv := fn.Signature().Recv()
	if recv == nil || !slices.Contains(names, fn.Name()) {
		return false
	}
	t := recv.Type()
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return false
	}
	obj := n.Obj()
	return obj.Pkg() != nil && obj.Pkg().Path() == pkgPath && obj.Name() == typeName && obj.Parent() == obj.Pkg().Scope()
}
