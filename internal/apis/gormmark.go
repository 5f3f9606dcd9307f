package apis

import "go/types"

// GORM calls by which a relay records a row as done without SQL text:
// Model(&row).Update("status", ...), Updates(map[string]any{...}) or
// Updates(Row{...}), UpdateColumn(s), and Delete of the row.

// GormUpdateKind says how a (*gorm.DB) call writes a row's columns.
type GormUpdateKind uint8

const (
	NotGormUpdate  GormUpdateKind = iota
	GormUpdateOne                 // Update(column, value), UpdateColumn(column, value)
	GormUpdateMany                // Updates(values), UpdateColumns(values): a map or a struct
	GormDelete                    // Delete(value, conds...)
)

var gormUpdates = map[string]GormUpdateKind{
	"Update":        GormUpdateOne,
	"UpdateColumn":  GormUpdateOne,
	"Updates":       GormUpdateMany,
	"UpdateColumns": GormUpdateMany,
	"Delete":        GormDelete,
}

// ClassifyGormUpdate reports how fn, a (*gorm.DB) method, writes a row
// (NotGormUpdate for any other function).
func ClassifyGormUpdate(fn *types.Func) GormUpdateKind {
	if !IsGormDBMethod(fn) {
		return NotGormUpdate
	}
	return gormUpdates[fn.Name()]
}

// GormChainTarget names the chain methods that say which table a GORM
// call writes: Model(&row) (the row's type) and Table("name").
func GormChainTarget(fn *types.Func) (model, table bool) {
	if !IsGormDBMethod(fn) {
		return false, false
	}
	return fn.Name() == "Model", fn.Name() == "Table"
}
