package relaymark

import (
	"go/ast"
	"go/types"
	"strings"

	"github.com/idemlint/idemlint/internal/apis"
)

// gormMark reports whether call is a GORM update or delete that records a
// relayed row as published: Model(&row).Updates(map[string]any{"status":
// "PROCESSED", "processed_at": now}), Update("published_at", now),
// Updates(Row{Status: "SENT"}), a Delete of an outbox row. The table is
// the chain's Table name or the Model's (or the value's) type name; the
// columns set are the constant keys of a map literal, the keyed fields of a
// struct literal or Update's column, with their constant string values (a
// status set to "FAILED" records a failure, not a publication).
func (f *Finder) gormMark(call *ast.CallExpr) (string, bool) {
	fn := apis.Callee(f.info, call)
	kind := apis.ClassifyGormUpdate(fn)
	if kind == apis.NotGormUpdate || len(call.Args) == 0 {
		return "", false
	}
	table := f.gormTable(call)
	if table == "" {
		table = apis.RowTypeName(f.info.TypeOf(call.Args[0]))
	}
	switch kind {
	case apis.GormDelete:
		if outboxTable.MatchString(table) {
			return fn.Name(), true
		}
		return "", false
	case apis.GormUpdateOne:
		col, ok := f.text(call.Args[0])
		if !ok {
			return "", false
		}
		set := col
		if len(call.Args) > 1 {
			if v, ok := f.constString(call.Args[1]); ok {
				set += " = " + v
			}
		}
		if markedSet(table, set) {
			return fn.Name(), true
		}
		return "", false
	}
	lit, ok := ast.Unparen(call.Args[0]).(*ast.CompositeLit)
	if !ok {
		if u, ok := ast.Unparen(call.Args[0]).(*ast.UnaryExpr); ok {
			lit, _ = ast.Unparen(u.X).(*ast.CompositeLit)
		}
	}
	if lit == nil {
		return "", false // values built elsewhere: the columns are not known
	}
	if table == "" {
		table = apis.RowTypeName(f.info.TypeOf(lit))
	}
	var set []string
	for _, e := range lit.Elts {
		kv, ok := e.(*ast.KeyValueExpr)
		if !ok {
			continue
		}
		col := ""
		if id, ok := kv.Key.(*ast.Ident); ok && isStructLit(f.info.TypeOf(lit)) {
			col = id.Name
		} else if s, ok := f.constString(kv.Key); ok {
			col = s
		}
		if col == "" {
			continue
		}
		if v, ok := f.constString(kv.Value); ok {
			col += " = " + v
		}
		set = append(set, col)
	}
	if len(set) > 0 && markedSet(table, strings.Join(set, ", ")) {
		return fn.Name(), true
	}
	return "", false
}

// gormTable returns the table a GORM call's chain names: Table("outbox")
// or the type of Model's argument ("" when the chain names neither).
func (f *Finder) gormTable(call *ast.CallExpr) string {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	for ok {
		ce, isCall := ast.Unparen(sel.X).(*ast.CallExpr)
		if !isCall {
			return ""
		}
		fn := apis.Callee(f.info, ce)
		if fn == nil || !apis.IsGormDBMethod(fn) {
			return ""
		}
		model, table := apis.GormChainTarget(fn)
		if model && len(ce.Args) == 1 {
			return apis.RowTypeName(f.info.TypeOf(ce.Args[0]))
		}
		if table && len(ce.Args) > 0 {
			s, _ := f.text(ce.Args[0])
			return s
		}
		sel, ok = ast.Unparen(ce.Fun).(*ast.SelectorExpr)
	}
	return ""
}

func isStructLit(t types.Type) bool {
	if t == nil {
		return false
	}
	_, ok := t.Underlying().(*types.Struct)
	return ok
}
