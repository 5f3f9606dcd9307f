package relaymark

import (
	"go/ast"
	"strings"

	"github.com/idemlint/idemlint/internal/apis"
)

// sqlboilerMark reports whether call is a write method of a SQLBoiler
// generated model that records a relayed row as published: row.Delete,
// rows.DeleteAll on an outbox model, or row.Update / row.Upsert /
// query.UpdateAll whose constant columns (boil.Whitelist("sent_at"), the
// keys of a models.M literal) record publication. The table is the
// model's type name (apis.SQLBoilerModel): the generated code names the
// type for the table, and outbox words match either form.
func (f *Finder) sqlboilerMark(call *ast.CallExpr) (string, bool) {
	fn := apis.Callee(f.info, call)
	if fn == nil || !apis.IsSQLBoilerWrite(fn) {
		return "", false
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return "", false
	}
	table := apis.SQLBoilerModel(f.info.TypeOf(sel.X))
	if sqlboilerMarks(fn.Name(), table, f.constColumns(call.Args)) {
		return fn.Name(), true
	}
	return "", false
}

// sqlboilerMarks reports whether the SQLBoiler write method of a model
// (table) that sets cols records a row as published.
func sqlboilerMarks(method, table string, cols []string) bool {
	switch method {
	case "Delete", "DeleteAll":
		return outboxTable.MatchString(table)
	case "Update", "Upsert", "UpdateAll":
		return len(cols) > 0 && markedSet(table, strings.Join(cols, ", "))
	}
	return false
}

// constColumns returns the constant column names among args: the
// arguments of a call (boil.Whitelist("sent_at")) and the keys of a map
// literal (models.M{"sent_at": now}).
func (f *Finder) constColumns(args []ast.Expr) []string {
	var cols []string
	for _, a := range args {
		switch a := ast.Unparen(a).(type) {
		case *ast.CallExpr:
			for _, x := range a.Args {
				if s, ok := f.constString(x); ok {
					cols = append(cols, s)
				}
			}
		case *ast.CompositeLit:
			for _, e := range a.Elts {
				if kv, ok := e.(*ast.KeyValueExpr); ok {
					if s, ok := f.constString(kv.Key); ok {
						cols = append(cols, s)
					}
				}
			}
		}
	}
	return cols
}
