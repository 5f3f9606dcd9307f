package apis

import (
	"go/types"
	"strings"
)

// SQLBoiler (github.com/aarondl/sqlboiler/v4, formerly
// github.com/volatiletech/sqlboiler/v4): the models are generated into
// the user's own package, one type per table named for it in singular
// CamelCase (table outbox, type Outbox; a slice type OutboxSlice and a
// query type outboxQuery beside it). Their write methods build the SQL at
// run time and execute it on the boil executor they are given, so no SQL
// text tells what they write; a generated model is known by its methods'
// signatures, which take a boil.ContextExecutor or boil.Executor.
const (
	sqlboilerBoil    = "github.com/aarondl/sqlboiler/boil" // v4 (normalized: NormPath drops /v4)
	sqlboilerBoilOld = "github.com/volatiletech/sqlboiler/boil"
)

func init() {
	dbWrites.AddMatcher(IsSQLBoilerWrite)
}

// sqlboilerWrites are the write methods of a generated model (Insert,
// Update, Upsert, Delete), of its slice (UpdateAll, DeleteAll) and of its
// query (UpdateAll, DeleteAll).
var sqlboilerWrites = map[string]bool{
	"Insert": true, "Update": true, "Upsert": true, "Delete": true,
	"UpdateAll": true, "DeleteAll": true,
}

// IsSQLBoilerWrite reports whether fn is a write method of a SQLBoiler
// generated model, slice or query: one of sqlboilerWrites, declared on a
// type of the user's package, that takes a boil executor.
func IsSQLBoilerWrite(fn *types.Func) bool {
	if !sqlboilerWrites[fn.Name()] {
		return false
	}
	sig := fn.Signature()
	if sig.Recv() == nil || TypeName(sig.Recv().Type()) == "" {
		return false
	}
	return takesBoilExecutor(sig)
}

// takesBoilExecutor reports whether one of sig's parameters is a boil
// executor (ContextExecutor or Executor).
func takesBoilExecutor(sig *types.Signature) bool {
	for i := range sig.Params().Len() {
		if isBoilExecutor(sig.Params().At(i).Type()) {
			return true
		}
	}
	return false
}

func isBoilExecutor(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return false
	}
	switch NormPath(n.Obj().Pkg().Path()) {
	case sqlboilerBoil, sqlboilerBoilOld:
		name := n.Obj().Name()
		return name == "ContextExecutor" || name == "Executor"
	}
	return false
}

// SQLBoilerModel returns the model a value of type t is, when t is a
// generated SQLBoiler model, slice or query (under pointers): the type's
// name without the generated Slice or Query suffix (Outbox for *Outbox,
// OutboxSlice and outboxQuery), which is the table's name in CamelCase.
// It returns "" for other types. A model is known by a write method that
// takes a boil executor.
func SQLBoilerModel(t types.Type) string {
	if t == nil {
		return ""
	}
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return ""
	}
	ms := types.NewMethodSet(types.NewPointer(n))
	for i := range ms.Len() {
		fn, ok := ms.At(i).Obj().(*types.Func)
		if ok && IsSQLBoilerWrite(fn) {
			name := n.Obj().Name()
			name = strings.TrimSuffix(name, "Slice")
			name = strings.TrimSuffix(name, "Query")
			return name
		}
	}
	return ""
}
