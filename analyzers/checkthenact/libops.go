package checkthenact

import (
	"go/ast"
	"go/types"
	"slices"
	"strings"

	"github.com/idemlint/idemlint/internal/apis"
	"github.com/idemlint/idemlint/internal/funcname"
	"github.com/idemlint/idemlint/internal/sqlscan"
)

// A site is one key operation at a call of the function being checked:
// the operation and the expression that carries its key there.
type site struct {
	op   KeyOp
	call *ast.CallExpr
	key  ast.Expr // the key (or, Path ending in "*", the GORM model) at the call
	path []string // below key
}

// libSites returns the key operations a library call performs, and
// whether it locks or sets SERIALIZABLE.
func (c *checker) libSites(call *ast.CallExpr, fn *types.Func) (sites []site, locks bool) {
	if qc, ok := apis.SQLQueryCall(c.pass.TypesInfo, call); ok {
		return c.sqlSites(call, fn, qc)
	}
	if k, ok := apis.RedisKeyCall(fn); ok {
		return c.redisSites(call, fn, k), false
	}
	if apis.IsRedisDo(fn) {
		return c.redisDoSites(call, fn), false
	}
	if k, ok := apis.GormFinisher(fn); ok {
		return c.gormSites(call, fn, k)
	}
	return nil, false
}

// sqlSites reads the constant SQL of a query call.
func (c *checker) sqlSites(call *ast.CallExpr, fn *types.Func, qc apis.QueryCall) (sites []site, locks bool) {
	text, ok := c.constString(call.Args[qc.Arg])
	if !ok {
		return nil, false
	}
	chain := []string{c.libName(call, fn)}
	arg := func(p int) ast.Expr {
		i := qc.Arg + p
		if p <= 0 || i >= len(call.Args) || call.Ellipsis.IsValid() && i >= len(call.Args)-1 {
			return nil
		}
		return call.Args[i]
	}
	if sqlscan.SerializableIsolation(text) {
		locks = true
	}
	for _, st := range sqlscan.Scan(text) {
		if st.Locks(text) && st.Kind != sqlscan.Select {
			locks = true
		}
		if l, ok := st.Lookup(text); ok {
			var cols []string
			for _, k := range l.Keys {
				cols = append(cols, k.Column)
			}
			for _, k := range l.Keys {
				if e := arg(k.Param); e != nil {
					sites = append(sites, site{op: KeyOp{Kind: apis.KeyRead, Store: "sql", Table: l.Table, Column: k.Column, Keys: cols, Chain: chain, Locked: st.Locks(text)}, call: call, key: e})
				}
			}
		}
		if st.Kind == sqlscan.Select && st.Locks(text) {
			locks = true
		}
		if ins, ok := st.InsertTarget(text); ok {
			kind := apis.KeyWrite
			if ins.Upsert {
				kind = apis.KeyClaim
			}
			var target []string
			if st.Conflict != nil {
				kind = apis.KeyClaim
				if target = conflictCols(st.Conflict.Target); len(target) > 0 {
					c.localKeys = append(c.localKeys, sqlscan.UniqueKey{Table: ins.Table, Columns: target})
				}
			}
			for i, col := range ins.Columns {
				if e := arg(ins.Params[i]); e != nil {
					op := KeyOp{Kind: kind, Store: "sql", Table: ins.Table, Column: col, Chain: chain}
					if st.Conflict != nil && !c.conflictClaims(ins.Table, col, st.Conflict.Target, target) {
						op.Kind, op.Conflict = apis.KeyWrite, true
					}
					sites = append(sites, site{op: op, call: call, key: e})
				}
			}
		}
	}
	return sites, locks
}

// conflictClaims reports whether an INSERT ... ON CONFLICT into table
// claims the key it writes to col: a conflict target naming col, or, with
// no target (a conflict on any unique key of the table), a unique key on
// col. Where the schema of the table is not in sight, or the target is a
// constraint's name, the insert is taken for a claim, as before: only a
// conflict the module shows cannot fire on col makes it a plain insert.
func (c *checker) conflictClaims(table, col, target string, cols []string) bool {
	if len(cols) > 0 {
		return slices.Contains(cols, col)
	}
	if strings.TrimSpace(target) != "" {
		return true // ON CONSTRAINT name: its columns are not in the statement
	}
	s := c.moduleSchema()
	return !s.HasTable(table) || s.Unique(table, col)
}

// conflictCols returns the columns of an ON CONFLICT target.
func conflictCols(target string) []string {
	for _, k := range sqlscan.UniqueKeys("INSERT INTO t (x) VALUES (1) ON CONFLICT " + target + " DO NOTHING") {
		return k.Columns
	}
	return nil
}

// redisSites: GET/EXISTS read their key, SET writes it, SETNX (and SetArgs
// with Mode "NX") claims it.
func (c *checker) redisSites(call *ast.CallExpr, fn *types.Func, k apis.KeyCall) []site {
	if len(call.Args) < 2 {
		return nil
	}
	if fn.Name() == "SetArgs" && len(call.Args) > 3 && c.setArgsNX(call.Args[3]) {
		k = apis.KeyClaim
	}
	return []site{{op: KeyOp{Kind: k, Store: "redis", Chain: []string{c.libName(call, fn)}}, call: call, key: call.Args[1]}}
}

// setArgsNX reports whether e is a redis.SetArgs literal with Mode "NX".
func (c *checker) setArgsNX(e ast.Expr) bool {
	lit, ok := ast.Unparen(e).(*ast.CompositeLit)
	if !ok || !apis.IsRedisSetArgs(c.pass.TypesInfo.TypeOf(lit)) {
		return false
	}
	for _, elt := range lit.Elts {
		if kv, ok := elt.(*ast.KeyValueExpr); ok {
			if id, ok := kv.Key.(*ast.Ident); ok && id.Name == "Mode" {
				s, _ := c.constString(kv.Value)
				return strings.EqualFold(s, "NX")
			}
		}
	}
	return false
}

// redisDoSites reads a raw command: Do(ctx, "SET", key, value, "NX").
func (c *checker) redisDoSites(call *ast.CallExpr, fn *types.Func) []site {
	if len(call.Args) < 3 {
		return nil
	}
	cmd, ok := c.constString(call.Args[1])
	if !ok {
		return nil
	}
	var k apis.KeyCall
	switch strings.ToUpper(cmd) {
	case "GET", "EXISTS":
		k = apis.KeyRead
	case "SETNX":
		k = apis.KeyClaim
	case "SET":
		k = apis.KeyWrite
		for _, a := range call.Args[3:] {
			if s, ok := c.constString(a); ok && strings.EqualFold(s, "NX") {
				k = apis.KeyClaim
			}
		}
	default:
		return nil
	}
	return []site{{op: KeyOp{Kind: k, Store: "redis", Chain: []string{c.libName(call, fn) + "(" + strings.ToUpper(cmd) + ")"}}, call: call, key: call.Args[2]}}
}

// libName names a library method as the call site sees it: a method
// promoted from an unexported embedded type (go-redis's cmdable) is named
// with the receiver's type, "(*redis.Client).Get".
func (c *checker) libName(call *ast.CallExpr, fn *types.Func) string {
	name := funcname.Lib(fn, nil)
	recv := fn.Signature().Recv()
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if recv == nil || !ok || ast.IsExported(apis.TypeName(recv.Type())) {
		return name
	}
	t := c.pass.TypesInfo.TypeOf(sel.X)
	ptr := ""
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t, ptr = p.Elem(), "*"
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return name
	}
	if ptr != "" {
		return "(*" + n.Obj().Pkg().Name() + "." + n.Obj().Name() + ")." + fn.Name()
	}
	return n.Obj().Pkg().Name() + "." + n.Obj().Name() + "." + fn.Name()
}
