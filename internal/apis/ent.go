package apis

import "go/types"

// ent (entgo.io/ent): the client and its transaction are generated into
// the user's own package (client.Tx(ctx) returns *ent.Tx; tx.Commit()), so
// no import path can name them. A generated package is known by what it
// imports: ent's dialect package, which every generated client uses.
const (
	ent        = "entgo.io/ent"
	entDialect = "entgo.io/ent/dialect"
)

func init() {
	DBPaths = append(DBPaths, ent)
	txCommits.AddMatcher(func(fn *types.Func) bool { return isEntTxMethod(fn, "Commit") })
	txRollbacks.AddMatcher(func(fn *types.Func) bool { return isEntTxMethod(fn, "Rollback") })
}

// isGeneratedTx reports whether obj is a transaction type of generated
// code: ent's Tx, a type named Tx in a package importing ent's dialect,
// with Commit and Rollback methods.
func isGeneratedTx(obj *types.TypeName) bool {
	if obj.Name() != "Tx" || obj.Pkg() == nil || !importsExactly(obj.Pkg(), entDialect) {
		return false
	}
	ms := types.NewMethodSet(types.NewPointer(obj.Type()))
	return ms.Lookup(obj.Pkg(), "Commit") != nil && ms.Lookup(obj.Pkg(), "Rollback") != nil
}

// isEntTxMethod reports whether fn is the method name of a generated ent Tx.
func isEntTxMethod(fn *types.Func, name string) bool {
	if fn.Name() != name {
		return false
	}
	recv := fn.Signature().Recv()
	if recv == nil {
		return false
	}
	t := recv.Type()
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	return ok && isGeneratedTx(n.Obj())
}

// importsExactly reports whether pkg imports path (normalized) directly.
func importsExactly(pkg *types.Package, path string) bool {
	for _, imp := range pkg.Imports() {
		if NormPath(imp.Path()) == path {
			return true
		}
	}
	return false
}
