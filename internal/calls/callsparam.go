package calls

import (
	"go/ast"
	"go/types"

	"github.com/idemlint/idemlint/internal/apis"
)

// RunsInTx returns where the transaction begins in which fn runs the
// function passed as its argument idx (a store's WithTx(ctx, func(q
// *Queries) error) helper, or pgx.BeginFunc), or "" when it does not.
func (r *Result) RunsInTx(call *ast.CallExpr, idx int) string {
	if r == nil || call == nil {
		return ""
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if tx := r.callbackTx(call, idx); tx != nil {
		return tx.Where
	}
	return ""
}

// computeCalls finds the calls of fn's function parameters, in its body
// and in the literals in it: direct calls (fn(ctx)), and the parameter
// handed to a callee that calls it (retry(ctx, fn)), to a transaction
// callback slot (pgx.BeginFunc(ctx, pool, fn)) or to a goroutine
// (g.Go(fn), go fn()). A parameter called while a transaction is open
// runs in that transaction; one called only in goroutines runs in a
// goroutine.
func (r *Result) computeCalls(fn *types.Func, decl *ast.FuncDecl) []Call {
	sig := fn.Signature()
	index := make(map[*types.Var]int)
	for i := range sig.Params().Len() {
		if isFuncParam(fn, i) {
			index[sig.Params().At(i)] = i
		}
	}
	if len(index) == 0 {
		return nil
	}
	info := r.pass.TypesInfo
	param := func(e ast.Expr) (int, bool) {
		id, ok := ast.Unparen(e).(*ast.Ident)
		if !ok {
			return 0, false
		}
		v, _ := info.Uses[id].(*types.Var)
		i, ok := index[v]
		return i, ok
	}
	found := make(map[int]*Call)
	add := func(i int, inTx string, inGo bool) {
		c := found[i]
		if c == nil {
			c = &Call{Param: i, Go: true}
			found[i] = c
		}
		c.Go = c.Go && inGo
		if c.InTx == "" {
			c.InTx = inTx
		}
	}
	// Calls while a transaction is open, in the body and its literals.
	ast.Inspect(decl, func(n ast.Node) bool {
		if !r.dbReach {
			return false
		}
		if f, ok := r.function(n); ok {
			r.regions(f, func(call *ast.CallExpr, tx *Tx) {
				if i, ok := param(call.Fun); ok && tx.Where != "" {
					add(i, tx.Where, false)
				}
			})
		}
		return true
	})
	// Every call, with whether it runs in a goroutine.
	var visit func(n ast.Node, inGo bool)
	visit = func(n ast.Node, inGo bool) {
		ast.Inspect(n, func(x ast.Node) bool {
			switch x := x.(type) {
			case *ast.GoStmt:
				visit(x.Call, true)
				return false
			case *ast.CallExpr:
				if i, ok := param(x.Fun); ok {
					add(i, "", inGo)
				}
				callee := apis.Callee(info, x)
				if callee == nil {
					return true
				}
				for j, a := range x.Args {
					i, ok := param(a)
					if !ok {
						continue
					}
					if tx := r.callbackTx(x, j); tx != nil {
						add(i, tx.Where, inGo)
						continue
					}
					if apis.GoroutineStartArg(apis.Describe(callee)) == j {
						add(i, "", true)
						continue
					}
					if s := r.summary(callee); s != nil {
						for _, c := range s.Calls {
							if c.Param == j {
								add(i, "", inGo || c.Go)
							}
						}
					}
				}
			}
			return true
		})
	}
	visit(decl.Body, false)
	var out []Call
	for i := range sig.Params().Len() {
		if c := found[i]; c != nil && len(out) < maxEffects {
			out = append(out, *c)
		}
	}
	return out
}
