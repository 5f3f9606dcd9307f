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

// IsSQLTextMethod reports whether fn is a DBTX-shaped interface method
// (IsDBTXMethod) that takes the SQL text as a string where sqlc's DBTX
// does: a statement runner. Such a method runs one statement on whatever
// handle implements it (a pool, a connection, the transaction of the
// context); it never commits a transaction or publishes a message, which
// is what tells it from a transaction runner named Exec that takes a
// callback.
func IsSQLTextMethod(fn *types.Func) bool {
	if fn == nil {
		return false
	}
	_, ok := dbtxQueryCall(fn)
	return ok
}
