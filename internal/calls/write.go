package calls

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"github.com/idemlint/idemlint/internal/apis"
	"github.com/idemlint/idemlint/internal/funcname"
	"github.com/idemlint/idemlint/internal/sqlscan"
)

// sqlEffect decides whether a call that passes SQL text (pgx,
// database/sql, sqlx, a DBTX-shaped interface: apis.SQLQueryCall) writes
// or reads. It writes when its SQL inserts, updates, deletes or merges (in
// a CTE too) a table that is not an outbox; SQL that is not known (not a
// constant, nor a local variable only ever set to constants) writes when
// the call executes a statement (Exec), and reads when it queries. decided
// is false for calls that take no SQL text.
func (r *Result) sqlEffect(call *ast.CallExpr, k Effect) (chain []string, decided bool) {
	info := r.pass.TypesInfo
	qc, ok := apis.SQLQueryCall(info, call)
	if !ok {
		return nil, false
	}
	var write, outbox bool
	switch qc.Kind {
	case apis.QueryExec, apis.QueryRows, apis.QueryRow, apis.QueryGet:
	default:
		return nil, true
	}
	if texts, ok := r.constStrings(call.Args[qc.Arg]); ok {
		for _, t := range texts {
			w, o := writesSQL(t)
			write, outbox = write || w, outbox || o
		}
	} else {
		write = qc.Kind == apis.QueryExec
	}
	if !write && outbox {
		return nil, true // the outbox: neither a business write nor a read
	}
	if write == (k == Write) {
		return []string{funcname.Lib(apis.Callee(info, call), nil)}, true
	}
	return nil, true
}

// constStrings returns the constant strings e may hold: its value, or
// every value stored in the local variable it reads (query := "..."; a
// variable set to anything else is not known).
func (r *Result) constStrings(e ast.Expr) ([]string, bool) {
	info := r.pass.TypesInfo
	if tv, ok := info.Types[e]; ok && tv.Value != nil && tv.Value.Kind() == constant.String {
		return []string{constant.StringVal(tv.Value)}, true
	}
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return nil, false
	}
	v, ok := info.Uses[id].(*types.Var)
	if !ok || v.IsField() || v.Parent() == nil || v.Parent() == v.Pkg().Scope() {
		return nil, false
	}
	vals := r.stringStores()[v]
	if len(vals) == 0 {
		return nil, false
	}
	var out []string
	for _, x := range vals {
		tv, ok := info.Types[x]
		if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
			return nil, false
		}
		out = append(out, constant.StringVal(tv.Value))
	}
	return out, true
}

// stringStores returns, for the package's local string variables, the
// values assigned to them (nil for one assigned in a way not followed:
// a tuple, an operator assignment), built on first use.
func (r *Result) stringStores() map[*types.Var][]ast.Expr {
	if r.strs != nil {
		return r.strs
	}
	r.strs = make(map[*types.Var][]ast.Expr)
	info := r.pass.TypesInfo
	isStr := func(v *types.Var) bool {
		b, ok := v.Type().Underlying().(*types.Basic)
		return ok && b.Info()&types.IsString != 0
	}
	varOf := func(e ast.Expr) *types.Var {
		id, ok := ast.Unparen(e).(*ast.Ident)
		if !ok {
			return nil
		}
		obj := info.Defs[id]
		if obj == nil {
			obj = info.Uses[id]
		}
		v, _ := obj.(*types.Var)
		if v == nil || !isStr(v) {
			return nil
		}
		return v
	}
	poison := func(v *types.Var) { r.strs[v] = append(r.strs[v], &ast.BadExpr{}) }
	for _, f := range r.pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.AssignStmt:
				for i, l := range n.Lhs {
					v := varOf(l)
					if v == nil {
						continue
					}
					if len(n.Lhs) != len(n.Rhs) || (n.Tok != token.ASSIGN && n.Tok != token.DEFINE) {
						poison(v)
						continue
					}
					r.strs[v] = append(r.strs[v], n.Rhs[i])
				}
			case *ast.ValueSpec:
				for i, name := range n.Names {
					if v := varOf(name); v != nil && len(n.Values) == len(n.Names) {
						r.strs[v] = append(r.strs[v], n.Values[i])
					}
				}
			case *ast.UnaryExpr:
				if n.Op == token.AND {
					if v := varOf(n.X); v != nil {
						poison(v) // &query: set elsewhere
					}
				}
			}
			return true
		})
	}
	return r.strs
}

// writesSQL reports whether SQL text writes a table other than an
// outbox, and whether it writes an outbox.
func writesSQL(text string) (write, outbox bool) {
	stmts := sqlscan.Scan(text)
	for i := range stmts {
		w, o := writesStmt(text, &stmts[i])
		write, outbox = write || w, outbox || o
	}
	return write, outbox
}

func writesStmt(text string, st *sqlscan.Statement) (write, outbox bool) {
	switch st.Kind {
	case sqlscan.Insert, sqlscan.Update, sqlscan.Delete, sqlscan.Merge:
		if apis.IsOutboxName(st.Target(text)) {
			outbox = true
		} else {
			write = true
		}
	}
	for i := range st.CTEs {
		w, o := writesStmt(text, &st.CTEs[i].Stmt)
		write, outbox = write || w, outbox || o
	}
	return write, outbox
}

// outboxWrite reports whether call is a library write (an ORM's Create)
// whose argument is an outbox row (a value of a type named like
// OutboxEvent): the outbox pattern itself, not a business write.
func (r *Result) outboxWrite(call *ast.CallExpr) bool {
	fn := apis.Callee(r.pass.TypesInfo, call)
	if fn == nil || !r.sets[Write].Match(fn) {
		return false
	}
	for _, a := range call.Args {
		if t := r.pass.TypesInfo.TypeOf(a); t != nil && apis.IsOutboxName(apis.RowTypeName(t)) {
			return true
		}
	}
	return false
}
