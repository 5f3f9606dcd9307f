package apis

import "go/types"

// IsDBTXMethod reports whether fn is a method of an interface named like a
// method of sqlc's DBTX (Exec, Query, QueryRow, their Context forms,
// PrepareContext): a call of it may pass SQL text (SQLQueryCall decides).
// Analyzers use it to tell, before any work, whether a package may run SQL
// without any database library in reach.
func IsDBTXMethod(fn *types.Func) bool {
	if fn == nil {
		return false
	}
	recv := fn.Signature().Recv()
	if recv == nil || !types.IsInterface(recv.Type()) {
		return false
	}
	_, ok := dbtxMethods[fn.Name()]
	return ok
}
