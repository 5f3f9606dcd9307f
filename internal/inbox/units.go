package inbox

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"regexp"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/internal/apis"
	"github.com/idemlint/idemlint/internal/sqlscan"
)

// units holds the state of one pass.
type units struct {
	pass     *analysis.Pass
	info     *types.Info
	decls    map[*types.Func]*ast.FuncDecl
	claims   map[*types.Func]bool
	started  map[*types.Func]bool
	txLits   map[*ast.FuncType]bool  // BeginFunc-style callbacks (gormclaim.go)
	txBodies map[*ast.BlockStmt]bool // and their bodies
}

func newUnits(pass *analysis.Pass) *units {
	u := &units{
		pass:    pass,
		info:    pass.TypesInfo,
		decls:   map[*types.Func]*ast.FuncDecl{},
		claims:  map[*types.Func]bool{},
		started: map[*types.Func]bool{},
	}
	u.txLits, u.txBodies = txCallbacks(pass.TypesInfo, pass.Files)
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
				if fn, ok := u.info.Defs[fd.Name].(*types.Func); ok {
					u.decls[fn] = fd
				}
			}
		}
	}
	return u
}

// exportFacts exports ClaimsKey for the package's functions that claim.
func (u *units) exportFacts() {
	for fn := range u.decls {
		if (fn.Exported() || fn.Signature().Recv() != nil) && u.claimsKey(fn) {
			u.pass.ExportObjectFact(fn, new(ClaimsKey))
		}
	}
}

// claimsKey reports whether fn makes a claim and returns something its
// caller can test (a bool, a count, an error).
func (u *units) claimsKey(fn *types.Func) bool {
	fn = fn.Origin()
	if c, ok := u.claims[fn]; ok {
		return c
	}
	fd := u.decls[fn]
	if fd == nil {
		if fn.Pkg() == nil || fn.Pkg() == u.pass.Pkg {
			return false
		}
		return u.pass.ImportObjectFact(fn, new(ClaimsKey))
	}
	if u.started[fn] {
		return false
	}
	u.started[fn] = true
	c := false
	if fn.Signature().Results().Len() > 0 {
		for _, call := range u.claimCalls(fd.Body) {
			// A GORM claim tells its outcome only through RowsAffected.
			c = c || !apis.GORMDoNothingCreate(u.info, call) || u.gormOutcomeReturned(fd.Body, call)
		}
	}
	u.claims[fn] = c
	return c
}

// claimCalls returns the claim calls of body (function literals excluded).
func (u *units) claimCalls(body *ast.BlockStmt) []*ast.CallExpr {
	var calls []*ast.CallExpr
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			calls = append(calls, n)
		}
		return true
	})
	var out []*ast.CallExpr
	for i, call := range calls {
		if u.isClaim(call, calls[i+1:]) {
			out = append(out, call)
		}
	}
	return out
}

// isClaim reports whether call claims a key; later are the calls after it.
func (u *units) isClaim(call *ast.CallExpr, later []*ast.CallExpr) bool {
	if text, ok := u.queryText(call); ok {
		stmts := sqlscan.Scan(text)
		for i := range stmts {
			if claimStmt(&stmts[i], text) {
				return true
			}
		}
		// SELECT EXISTS (...) of a table, then an INSERT into it.
		for _, t := range selectedTables(stmts) {
			for _, l := range later {
				if lt, ok := u.queryText(l); ok && insertsInto(lt, t) {
					return true
				}
			}
		}
		return false
	}
	fn := apis.Callee(u.info, call)
	if fn == nil {
		return false
	}
	return apis.IsDedupClaim(fn) || apis.GORMDoNothingCreate(u.info, call) || u.claimsKey(fn)
}

// queryText returns the constant SQL of a query call.
func (u *units) queryText(call *ast.CallExpr) (string, bool) {
	qc, ok := apis.SQLQueryCall(u.info, call)
	if !ok || qc.Kind == apis.QueryPrepare {
		return "", false
	}
	tv, ok := u.info.Types[call.Args[qc.Arg]]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
		return "", false
	}
	return constant.StringVal(tv.Value), true
}

// claimStmt reports whether a statement claims a key: INSERT ... ON
// CONFLICT DO NOTHING, or ON CONFLICT DO UPDATE ... RETURNING (xmax = 0).
func claimStmt(st *sqlscan.Statement, text string) bool {
	if st.DoNothingInsert() || st.NoRowOnConflict() {
		return true
	}
	return st.Kind == sqlscan.Insert && st.Conflict != nil && st.Conflict.Action == sqlscan.DoUpdate && st.Returning &&
		strings.Contains(strings.ToLower(text), "xmax")
}

// selectedTables returns the tables SELECT statements read.
func selectedTables(stmts []sqlscan.Statement) []string {
	var out []string
	for i := range stmts {
		if stmts[i].Kind == sqlscan.Select {
			out = append(out, stmts[i].Sources...)
		}
	}
	return out
}

var insertInto = regexp.MustCompile(`(?is)\binsert\s+into\s+"?([a-z_][a-z0-9_.]*)"?`)

// insertsInto reports whether SQL text inserts into table.
func insertsInto(text, table string) bool {
	for _, m := range insertInto.FindAllStringSubmatch(text, -1) {
		if strings.EqualFold(m[1], table) {
			return true
		}
	}
	return false
}

// gatedBody reports whether the function with this type, receiver and
// body is an inbox-gated unit: a claim made with its transaction, whose
// outcome it tests.
func (u *units) gatedBody(recv *ast.FieldList, ftype *ast.FuncType, body *ast.BlockStmt) bool {
	claims := u.claimCalls(body)
	if len(claims) == 0 {
		return false
	}
	tainted := u.txValues(recv, ftype, body)
	if len(tainted) == 0 {
		return false
	}
	for _, c := range claims {
		if mentions(u.info, c, tainted) && u.outcomeTested(body, c) {
			return true
		}
	}
	return false
}

// txValues returns the variables of the function that hold its
// transaction: transaction parameters (and, but for the receiver, values
// that may hold one: sqlc's Queries), the results of a Begin, and what is
// made from them.
func (u *units) txValues(recv *ast.FieldList, ftype *ast.FuncType, body *ast.BlockStmt) map[types.Object]bool {
	tainted := map[types.Object]bool{}
	for _, fl := range []*ast.FieldList{recv, ftype.Params} {
		if fl == nil {
			continue
		}
		for _, field := range fl.List {
			for _, name := range field.Names {
				v := u.info.Defs[name]
				if v == nil || apis.IsGORMDB(v.Type()) && !(fl == ftype.Params && u.txLits[ftype]) {
					continue // a *gorm.DB is a pool as often as a transaction: only a callback's is one
				}
				if apis.IsTx(v.Type()) || fl != recv && apis.CarriesTx(v.Type(), 2) || fl == recv && holdsTxField(v.Type()) ||
					fl == ftype.Params && u.txLits[ftype] {
					tainted[v] = true
				}
			}
		}
	}
	for round := 0; round < 3; round++ {
		ast.Inspect(body, func(n ast.Node) bool {
			as, ok := n.(*ast.AssignStmt)
			if !ok || len(as.Rhs) != 1 {
				return true
			}
			rhs := as.Rhs[0]
			begins := false
			if call, ok := ast.Unparen(rhs).(*ast.CallExpr); ok {
				t := u.info.TypeOf(call)
				if tup, ok := t.(*types.Tuple); ok && tup.Len() > 0 {
					t = tup.At(0).Type()
				}
				begins = apis.IsTx(t) || txBegins.Match(apis.Callee(u.info, call))
			}
			if !begins && !mentions(u.info, rhs, tainted) {
				return true
			}
			for _, l := range as.Lhs {
				id, ok := l.(*ast.Ident)
				if !ok {
					continue
				}
				o := u.info.Defs[id]
				if o == nil {
					o = u.info.Uses[id]
				}
				if o != nil && (apis.CarriesTx(o.Type(), 2) || apis.IsGORMDB(o.Type())) {
					tainted[o] = true
				}
			}
			return true
		})
	}
	return tainted
}

// holdsTxField reports whether a receiver's type is, or holds in a field,
// a transaction (a unit of work), not merely a pool behind a DBTX.
func holdsTxField(t types.Type) bool {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok {
		return false
	}
	for i := range st.NumFields() {
		if apis.IsTx(st.Field(i).Type()) {
			return true
		}
	}
	return false
}

// mentions reports whether n uses one of vars.
func mentions(info *types.Info, n ast.Node, vars map[types.Object]bool) bool {
	found := false
	ast.Inspect(n, func(x ast.Node) bool {
		if id, ok := x.(*ast.Ident); ok && vars[info.Uses[id]] {
			found = true
		}
		return !found
	})
	return found
}

// outcomeTested reports whether body tests the outcome of claim: an if or
// switch on the claim itself, on a value it yields (the bool, the count,
// the tag, a value scanned from its row), or on its error compared with
// something other than nil (ErrNoRows).
func (u *units) outcomeTested(body *ast.BlockStmt, claim *ast.CallExpr) bool {
	if apis.GORMDoNothingCreate(u.info, claim) {
		return u.gormOutcomeTested(body, claim)
	}
	vals := map[types.Object]bool{}
	errs := map[types.Object]bool{}
	bind := func(lhs []ast.Expr) {
		for _, l := range lhs {
			id, ok := l.(*ast.Ident)
			if !ok || id.Name == "_" {
				continue
			}
			o := u.info.Defs[id]
			if o == nil {
				o = u.info.Uses[id]
			}
			if o == nil {
				continue
			}
			if types.Identical(o.Type(), errorType) {
				errs[o] = true
			} else {
				vals[o] = true
			}
		}
	}
	for round := 0; round < 3; round++ {
		ast.Inspect(body, func(n ast.Node) bool {
			as, ok := n.(*ast.AssignStmt)
			if !ok || len(as.Rhs) != 1 {
				return true
			}
			rhs := as.Rhs[0]
			if contains(rhs, claim) || mentions(u.info, rhs, vals) {
				bind(as.Lhs)
				// row.Scan(&exists): the scanned values come from the claim.
				ast.Inspect(rhs, func(x ast.Node) bool {
					if un, ok := x.(*ast.UnaryExpr); ok && un.Op == token.AND {
						bind([]ast.Expr{un.X})
					}
					return true
				})
			}
			return true
		})
	}
	return testsAny(body, func(cond ast.Expr) bool {
		return contains(cond, claim) || mentions(u.info, cond, vals) || u.errCompared(cond, errs)
	})
}

// testsAny reports whether an if condition, a switch tag or a case
// expression of body (function literals excluded) satisfies pred.
func testsAny(body *ast.BlockStmt, pred func(ast.Expr) bool) bool {
	tested := false
	test := func(cond ast.Expr) {
		if cond != nil && !tested && pred(cond) {
			tested = true
		}
	}
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.IfStmt:
			test(n.Cond)
		case *ast.SwitchStmt:
			test(n.Tag)
			for _, s := range n.Body.List {
				if cc, ok := s.(*ast.CaseClause); ok {
					for _, e := range cc.List {
						test(e)
					}
				}
			}
		}
		return !tested
	})
	return tested
}

var errorType = types.Universe.Lookup("error").Type()

// errCompared reports whether cond compares one of errs with something
// other than nil: errors.Is(err, ErrNoRows), err == ErrNoRows.
func (u *units) errCompared(cond ast.Expr, errs map[types.Object]bool) bool {
	found := false
	isErr := func(e ast.Expr) bool {
		id, ok := ast.Unparen(e).(*ast.Ident)
		return ok && errs[u.info.Uses[id]]
	}
	isNil := func(e ast.Expr) bool {
		tv, ok := u.info.Types[e]
		return ok && tv.IsNil()
	}
	ast.Inspect(cond, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.BinaryExpr:
			if (n.Op == token.EQL || n.Op == token.NEQ) && (isErr(n.X) && !isNil(n.Y) || isErr(n.Y) && !isNil(n.X)) {
				found = true
			}
		case *ast.CallExpr:
			if fn := apis.Callee(u.info, n); fn != nil && fn.Name() == "Is" && len(n.Args) == 2 && isErr(n.Args[0]) {
				found = true
			}
		}
		return !found
	})
	return found
}

// contains reports whether n holds the node x.
func contains(n, x ast.Node) bool {
	return n.Pos() <= x.Pos() && x.End() <= n.End()
}
