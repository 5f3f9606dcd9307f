package checkthenact

import (
	"go/ast"
	"go/types"
	"reflect"
	"strings"
	"unicode"

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
		st, named := gormStruct(model)
		if st == nil {
			return nil, locks
		}
		if table == "" {
			table = c.gormTable(named)
		}
		if claim {
			k = apis.KeyClaim
		}
		op := KeyOp{Kind: k, Store: "gorm", Table: table, Chain: chain, Uniques: gormUniques(st)}
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
	st, named := gormStruct(model)
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
			litSt, _ := gormStruct(info.TypeOf(lit))
			for _, elt := range lit.Elts {
				kv, ok := elt.(*ast.KeyValueExpr)
				if !ok {
					continue
				}
				if id, ok := kv.Key.(*ast.Ident); ok && litSt != nil {
					if f := fieldByName(litSt, id.Name); f != nil {
						eqs = append(eqs, eq{gormColumn(f, litSt), kv.Value})
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

// gormStruct returns the struct type of a GORM model (through pointers and
// slices) and its named type.
func gormStruct(t types.Type) (*types.Struct, *types.Named) {
	for i := 0; t != nil && i < 4; i++ {
		switch u := types.Unalias(t).(type) {
		case *types.Pointer:
			t = u.Elem()
			continue
		case *types.Slice:
			t = u.Elem()
			continue
		case *types.Named:
			st, _ := u.Underlying().(*types.Struct)
			return st, u
		}
		break
	}
	return nil, nil
}

func fieldByName(st *types.Struct, name string) *types.Var {
	for i := range st.NumFields() {
		if st.Field(i).Name() == name {
			return st.Field(i)
		}
	}
	return nil
}

// gormTag returns the gorm struct tag settings of field i, lower-cased keys.
func gormTag(st *types.Struct, i int) map[string]string {
	m := make(map[string]string)
	for _, part := range strings.Split(reflect.StructTag(st.Tag(i)).Get("gorm"), ";") {
		k, v, _ := strings.Cut(part, ":")
		if k = strings.ToLower(strings.TrimSpace(k)); k != "" {
			m[k] = strings.TrimSpace(v)
		}
	}
	return m
}

// gormColumn returns the column GORM maps field f of st to.
func gormColumn(f *types.Var, st *types.Struct) string {
	for i := range st.NumFields() {
		if st.Field(i) == f {
			if col := gormTag(st, i)["column"]; col != "" {
				return strings.ToLower(col)
			}
		}
	}
	return toDBName(f.Name())
}

// fieldForColumn returns the path of the field of a GORM model that maps to
// col (embedded structs included), or nil.
func fieldForColumn(t types.Type, col string) []string {
	st, _ := gormStruct(t)
	return fieldPath(st, col, 0)
}

func fieldPath(st *types.Struct, col string, depth int) []string {
	if st == nil || depth > 3 {
		return nil
	}
	for i := range st.NumFields() {
		f := st.Field(i)
		if f.Embedded() {
			if inner, _ := gormStruct(f.Type()); inner != nil {
				if p := fieldPath(inner, col, depth+1); p != nil {
					return p // promoted: the outer access names it directly
				}
			}
			continue
		}
		if f.Exported() && gormColumn(f, st) == col {
			return []string{f.Name()}
		}
	}
	return nil
}

// gormUniques returns the unique keys of a GORM model from its tags:
// primaryKey, unique, uniqueIndex (named indexes group their fields), and
// the ID field that GORM takes as primary key by convention.
func gormUniques(st *types.Struct) [][]string {
	var out [][]string
	named := make(map[string][]string)
	var order []string
	var walk func(st *types.Struct, depth int)
	walk = func(st *types.Struct, depth int) {
		for i := range st.NumFields() {
			f := st.Field(i)
			if f.Embedded() {
				if inner, _ := gormStruct(f.Type()); inner != nil && depth < 3 {
					walk(inner, depth+1)
				}
				continue
			}
			tag := gormTag(st, i)
			col := gormColumn(f, st)
			_, pk := tag["primarykey"]
			_, pk2 := tag["primary_key"]
			_, uq := tag["unique"]
			if pk || pk2 || uq || f.Name() == "ID" {
				out = append(out, []string{col})
			}
			for _, key := range []string{"uniqueindex", "unique_index"} {
				name, ok := tag[key]
				if !ok {
					continue
				}
				name, _, _ = strings.Cut(name, ",")
				if name == "" {
					out = append(out, []string{col})
					continue
				}
				if _, seen := named[name]; !seen {
					order = append(order, name)
				}
				named[name] = append(named[name], col)
			}
		}
	}
	walk(st, 0)
	for _, n := range order {
		out = append(out, named[n])
	}
	return out
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
	return plural(toDBName(named.Obj().Name()))
}

// toDBName is GORM's default naming: OrderID → order_id, IdempotencyKey →
// idempotency_key, UserUUID → user_uuid.
func toDBName(name string) string {
	rs := []rune(name)
	var b strings.Builder
	for i, r := range rs {
		if unicode.IsUpper(r) && i > 0 {
			prev := rs[i-1]
			nextLower := i+1 < len(rs) && unicode.IsLower(rs[i+1])
			if unicode.IsLower(prev) || unicode.IsDigit(prev) || unicode.IsUpper(prev) && nextLower {
				b.WriteByte('_')
			}
		}
		b.WriteRune(unicode.ToLower(r))
	}
	return b.String()
}

// plural is the English plural GORM's inflection gives common table names.
func plural(s string) string {
	switch {
	case strings.HasSuffix(s, "s"), strings.HasSuffix(s, "x"), strings.HasSuffix(s, "ch"), strings.HasSuffix(s, "sh"):
		return s + "es"
	case strings.HasSuffix(s, "y") && len(s) > 1 && !strings.ContainsRune("aeiou", rune(s[len(s)-2])):
		return s[:len(s)-1] + "ies"
	}
	return s + "s"
}
