package checkthenact

import (
	"go/ast"
	"go/types"
	"strings"

	"github.com/idemlint/idemlint/internal/apis"
	"github.com/idemlint/idemlint/internal/sqlscan"
)

// gormSites reads a GORM chain that ends in a finisher: the conditions of
// its Where calls (and inline conditions) for a read, the model for an
// insert; a clause.OnConflict makes the insert a claim, a clause.Locking
// makes the read lock.
func (c *checker) gormSites(call *ast.CallExpr, fn *types.Func, k apis.KeyCall) (sites []site, locks bool) {
	info := c.pass.TypesInfo
	var model types.Type
	table := ""
	claim := false
	type cond struct {
		args   []ast.Expr
		inline bool // First(&dest, conds...)
	}
	var conds []cond
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return nil, false
	}
	for recv := sel.X; ; {
		ce, ok := ast.Unparen(recv).(*ast.CallExpr)
		if !ok {
			break
		}
		f := apis.Callee(info, ce)
		s, ok := ast.Unparen(ce.Fun).(*ast.SelectorExpr)
		if f == nil || !apis.IsGormDBMethod(f) || !ok {
			break
		}
		switch f.Name() {
		case "Where":
			conds = append(conds, cond{args: ce.Args})
		case "Model":
			if len(ce.Args) == 1 {
				model = info.TypeOf(ce.Args[0])
			}
		case "Table":
			if len(ce.Args) > 0 {
				table, _ = c.constString(ce.Args[0])
			}
		case "Clauses":
			for _, a := range ce.Args {
				t := info.TypeOf(a)
				if apis.IsGormOnConflict(t) {
					claim = true
				}
				if apis.IsGormLocking(t) {
					locks = true
				}
			}
		}
		recv = s.X
	}
	chain := []string{c.libName(call, fn)}
	if k == apis.KeyWrite {
		if len(call.Args) == 0 {
			return nil, locks
		}
		x := call.Args[0]
		if model == nil {
			model = info.TypeOf(x)
		}
		st, named := apis.GORMModel(model)
		if st == nil {
			return nil, locks
		}
		if table == "" {
			table = c.gormTable(named)
		}
		if claim {
			k = apis.KeyClaim
		}
		op := KeyOp{Kind: k, Store: "gorm", Table: table, Chain: chain, Uniques: apis.GORMUniques(st)}
		return []site{{op: op, call: call, key: x, path: []string{"*"}}}, locks
	}
	// A read: First(&dest, conds...), Count(&n), Pluck(col, &dest).
	if len(call.Args) > 0 && fn.Name() != "Count" && fn.Name() != "Pluck" {
		if model == nil {
			model = info.TypeOf(call.Args[0])
		}
		if len(call.Args) > 1 {
			conds = append(conds, cond{args: call.Args[1:], inline: true})
		}
	}
	st, named := apis.GORMModel(model)
	if table == "" && named != nil {
		table = c.gormTable(named)
	}
	if table == "" {
		return nil, locks
	}
	type eq struct {
		col string
		e   ast.Expr
	}
	var eqs []eq
	for _, cd := range conds {
		if len(cd.args) == 0 {
			continue
		}
		if s, ok := c.constString(cd.args[0]); ok {
			for _, stmt := range sqlscan.Scan("SELECT 1 FROM t WHERE " + s) {
				l, _ := stmt.Lookup("SELECT 1 FROM t WHERE " + s)
				for _, k := range l.Keys {
					if k.Param < len(cd.args) {
						eqs = append(eqs, eq{k.Column, cd.args[k.Param]})
					}
				}
			}
			continue
		}
		switch a := ast.Unparen(cd.args[0]).(type) {
		case *ast.UnaryExpr, *ast.CompositeLit:
			lit, _ := ast.Unparen(stripAddr(a)).(*ast.CompositeLit)
			if lit == nil {
				continue
			}
			litSt, _ := apis.GORMModel(info.TypeOf(lit))
			for _, elt := range lit.Elts {
				kv, ok := elt.(*ast.KeyValueExpr)
				if !ok {
					continue
				}
				if id, ok := kv.Key.(*ast.Ident); ok && litSt != nil {
					if f := fieldByName(litSt, id.Name); f != nil {
						eqs = append(eqs, eq{apis.GORMColumn(f, litSt), kv.Value})
					}
				} else if s, ok := c.constString(kv.Key); ok {
					eqs = append(eqs, eq{strings.ToLower(s), kv.Value})
				}
			}
		default:
			if st != nil && len(cd.args) == 1 && cd.inline { // First(&dest, id): the primary key
				eqs = append(eqs, eq{"id", cd.args[0]})
			}
		}
	}
	var cols []string
	for _, q := range eqs {
		cols = append(cols, q.col)
	}
	for _, q := range eqs {
		sites = append(sites, site{op: KeyOp{Kind: apis.KeyRead, Store: "gorm", Table: table, Column: q.col, Keys: cols, Chain: chain, Locked: locks}, call: call, key: q.e})
	}
	return sites, locks
}

func stripAddr(e ast.Expr) ast.Expr {
	if u, ok := e.(*ast.UnaryExpr); ok {
		return u.X
	}
	return e
}

func fieldByName(st *types.Struct, name string) *types.Var {
	for i := range st.NumFields() {
		if st.Field(i).Name() == name {
			return st.Field(i)
		}
	}
	return nil
}

// fieldForColumn returns the path of the field of a GORM model that maps to
// col (embedded structs included), or nil.
func fieldForColumn(t types.Type, col string) []string {
	st, _ := apis.GORMModel(t)
	return fieldPath(st, col, 0)
}

func fieldPath(st *types.Struct, col string, depth int) []string {
	if st == nil || depth > 3 {
		return nil
	}
	for i := range st.NumFields() {
		f := st.Field(i)
		if f.Embedded() {
			if inner, _ := apis.GORMModel(f.Type()); inner != nil {
				if p := fieldPath(inner, col, depth+1); p != nil {
					return p // promoted: the outer access names it directly
				}
			}
			continue
		}
		if f.Exported() && apis.GORMColumn(f, st) == col {
			return []string{f.Name()}
		}
	}
	return nil
}

// gormTable returns the table of a GORM model: the constant its TableName
// method returns when the method is declared in this package, else GORM's
// default (the snake-cased, pluralised type name).
func (c *checker) gormTable(named *types.Named) string {
	if named == nil {
		return ""
	}
	for i := range named.NumMethods() {
		m := named.Method(i)
		if m.Name() != "TableName" {
			continue
		}
		if decl := c.keyOps.Decl(m); decl != nil && len(decl.Body.List) == 1 {
			if ret, ok := decl.Body.List[0].(*ast.ReturnStmt); ok && len(ret.Results) == 1 {
				if s, ok := c.constString(ret.Results[0]); ok {
					return strings.ToLower(s)
				}
			}
		}
	}
	return apis.GORMDefaultTable(named)
}
