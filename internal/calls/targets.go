package calls

import (
	"go/ast"
	"go/types"

	"github.com/idemlint/idemlint/internal/apis"
)

// A Target is a function a call, or a function value, may run.
type Target struct {
	Func *types.Func  // a named function or method (its generic origin); nil for a literal
	Lit  *ast.FuncLit // a function literal; nil for a named function
	Via  *types.Func  // the interface method the call was made through; nil otherwise
}

// CallTargets returns what call may run, resolved the way the summaries
// are: its static callee (a generic function's origin); the
// implementations in sight of the interface method it calls (none when
// none is in sight: test-file types excluded, at most maxTargets; only
// the stored types' methods for a call on an unexported field whose
// stored values all have concrete types, fieldtypes.go); or, for
// a dynamic callee, the function values the variable, field or map
// element may hold (method values, named functions and literals stored
// anywhere in the package, followed through at most maxValueDepth
// assignments). A conversion, a builtin and a literal called on the spot
// have no target (the literal's body is the caller's).
func (r *Result) CallTargets(call *ast.CallExpr) []Target {
	if r == nil || call == nil {
		return nil
	}
	info := r.pass.TypesInfo
	if tv, ok := info.Types[call.Fun]; ok && tv.IsType() {
		return nil
	}
	if _, ok := ast.Unparen(call.Fun).(*ast.FuncLit); ok {
		return nil
	}
	if fn := apis.Callee(info, call); fn != nil {
		if !isInterfaceMethod(fn) {
			return []Target{{Func: fn.Origin()}}
		}
		r.mu.Lock()
		defer r.mu.Unlock()
		var out []Target
		if stored, ok := r.storedMethods(fn, call); ok {
			for _, impl := range stored { // what the package stores in the field (fieldtypes.go)
				out = append(out, Target{Func: impl, Via: fn})
			}
			return out
		}
		for _, impl := range r.implementations(fn) {
			out = append(out, Target{Func: impl.Origin(), Via: fn})
		}
		return out
	}
	return r.ValueTargets(call.Fun)
}

// ValueTargets returns the functions the expression e may denote: a named
// function or method value, a literal, or what the variable, field or map
// element it reads may hold (see CallTargets). An interface method value
// (r.Read) resolves to the implementations in sight.
func (r *Result) ValueTargets(e ast.Expr) []Target {
	if r == nil || e == nil {
		return nil
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	var out []Target
	for _, v := range r.values(e) {
		switch {
		case v.lit != nil:
			out = append(out, Target{Lit: v.lit})
		case isInterfaceMethod(v.fn):
			for _, impl := range r.implementations(v.fn) {
				out = append(out, Target{Func: impl.Origin(), Via: v.fn})
			}
		default:
			out = append(out, Target{Func: v.fn.Origin()})
		}
	}
	return out
}

// Decl returns the declaration of fn (its origin) when the package
// declares it with a body, or nil.
func (r *Result) Decl(fn *types.Func) *ast.FuncDecl {
	if r == nil || fn == nil {
		return nil
	}
	return r.decls[fn.Origin()] // built in newResult, read-only after
}
