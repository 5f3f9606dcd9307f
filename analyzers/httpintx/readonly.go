package httpintx

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strings"

	"github.com/idemlint/idemlint/internal/apis"
	"github.com/idemlint/idemlint/internal/calls"
	"github.com/idemlint/idemlint/internal/sqlscan"
)

// Read-only transactions: a transaction that takes no row locks and writes
// nothing holds nothing a network call could keep from others, so a call
// inside it is at most a performance smell, not a finding. A transaction
// counts as read-only when it is begun read-only (sql.TxOptions{ReadOnly:
// true}, pgx.TxOptions{AccessMode: pgx.ReadOnly}), or when everything the
// function that begins it does with it (and with the values made from it:
// a sqlc Queries from WithTx, a repository built on it, an interface value
// a scope returns for it) is known to read:
// constant SELECTs without a locking clause, reading their rows, Commit or
// Rollback, and calls of functions that only read through the transaction
// (the ReadsOnly fact). Anything else that receives the transaction (a
// helper with no fact, SQL that is not constant, storing it) counts as a
// write. A transaction passed in by a caller is not judged here: the
// caller may write in it. A callback is judged by the function that runs
// it in a transaction (Tx.Runner): read-only when that runner begins every
// transaction it runs the callback in read-only, itself or by handing
// constant read-only options to a helper that begins with the options it
// is given (RunsReadOnly, pending.go). What the callback does through the
// transaction does not matter then: the database refuses its writes and
// takes no locks for it.

// ReadsOnly marks a function that receives a database handle or a
// transaction (as receiver or parameter) and only reads through it: a
// sqlc query method of a SELECT, a repository's finder.
type ReadsOnly struct{}

// AFact implements analysis.Fact.
func (*ReadsOnly) AFact() {}

func (*ReadsOnly) String() string { return "readsOnly" }

// readOnlyState is the memo of the read-only judgements of one pass.
type readOnlyState struct {
	decls   map[*types.Func]*ast.FuncDecl
	funcs   map[*types.Func]bool
	started map[*types.Func]bool
	txs     map[token.Pos]bool // by the begin call
}

func (c *checker) readOnly() *readOnlyState {
	if c.ro == nil {
		c.ro = &readOnlyState{decls: map[*types.Func]*ast.FuncDecl{}, funcs: map[*types.Func]bool{}, started: map[*types.Func]bool{}, txs: map[token.Pos]bool{}}
		for _, f := range c.pass.Files {
			for _, d := range f.Decls {
				if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
					if fn, ok := c.pass.TypesInfo.Defs[fd.Name].(*types.Func); ok {
						c.ro.decls[fn] = fd
					}
				}
			}
		}
	}
	return c.ro
}

// readOnlyTx reports whether the transaction tx, begun in the analysed
// function, takes no locks and writes nothing on any path.
func (c *checker) readOnlyTx(tx *calls.Tx) bool {
	if tx.Runner != nil && c.runsReadOnly(tx.Runner, tx.RunnerArg) {
		return true // a unit of work's read-only variant runs the callback (pending.go)
	}
	if !tx.Pos.IsValid() || len(tx.Vars) == 0 {
		return false
	}
	st := c.readOnly()
	if ro, ok := st.txs[tx.Pos]; ok {
		return ro
	}
	ro := false
	if begin := c.callAt(tx.Pos); begin != nil && c.begunReadOnly(begin) {
		ro = true
	} else if body := c.enclosingBody(tx.Vars[0].Pos()); body != nil {
		ro = c.bodyReadsOnly(body, tx.Vars)
	}
	st.txs[tx.Pos] = ro
	return ro
}

// begunReadOnly reports whether a begin call asks for a read-only
// transaction: an options literal with ReadOnly: true or AccessMode:
// pgx.ReadOnly.
func (c *checker) begunReadOnly(call *ast.CallExpr) bool {
	found := false
	for _, a := range call.Args {
		ast.Inspect(a, func(n ast.Node) bool {
			kv, ok := n.(*ast.KeyValueExpr)
			if !ok {
				return !found
			}
			key, _ := kv.Key.(*ast.Ident)
			switch {
			case key == nil:
			case key.Name == "ReadOnly":
				tv := c.pass.TypesInfo.Types[kv.Value]
				found = found || tv.Value != nil && tv.Value.Kind() == constant.Bool && constant.BoolVal(tv.Value)
			case key.Name == "AccessMode":
				if sel, ok := ast.Unparen(kv.Value).(*ast.SelectorExpr); ok && sel.Sel.Name == "ReadOnly" {
					found = true
				}
			}
			return !found
		})
	}
	return found
}

// funcReadsOnly reports whether fn receives a transaction (or something
// that may hold one: a DBTX-shaped interface, sqlc's Queries) and only
// reads through it: the ReadsOnly fact, computed for the package's own
// functions. A pool or a *sql.DB parameter does not carry the caller's
// transaction.
func (c *checker) funcReadsOnly(fn *types.Func) bool {
	fn = fn.Origin()
	st := c.readOnly()
	if ro, ok := st.funcs[fn]; ok {
		return ro
	}
	fd := st.decls[fn]
	if fd == nil {
		if fn.Pkg() == nil || fn.Pkg() == c.pass.Pkg {
			return false
		}
		return c.pass.ImportObjectFact(fn, new(ReadsOnly))
	}
	if st.started[fn] {
		return false // recursion: not known to read only
	}
	st.started[fn] = true
	var held []*types.Var
	for _, fl := range []*ast.FieldList{fd.Recv, fd.Type.Params} {
		if fl == nil {
			continue
		}
		for _, field := range fl.List {
			for _, name := range field.Names {
				if v, ok := c.pass.TypesInfo.Defs[name].(*types.Var); ok && apis.CarriesTx(v.Type(), 2) {
					held = append(held, v)
				}
			}
		}
	}
	ro := len(held) > 0 && c.bodyReadsOnly(fd.Body, held)
	st.funcs[fn] = ro
	return ro
}

// exportReadsOnly exports the ReadsOnly facts of the package's functions
// that another package can call.
func (c *checker) exportReadsOnly() {
	for fn := range c.readOnly().decls {
		if (fn.Exported() || fn.Signature().Recv() != nil) && c.funcReadsOnly(fn) {
			c.pass.ExportObjectFact(fn, new(ReadsOnly))
		}
	}
}

// bodyReadsOnly reports whether everything body does with the values in
// held, and with the values made from them, only reads. Returning such a
// value is no write (WithTx, a getter): the caller follows what it gets;
// storing it in a field or an element is (it is no longer followed).
func (c *checker) bodyReadsOnly(body ast.Node, held []*types.Var) bool {
	info := c.pass.TypesInfo
	tainted := map[types.Object]bool{}
	for _, v := range held {
		tainted[v] = true
	}
	mentions := func(e ast.Node) bool {
		found := false
		ast.Inspect(e, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok && tainted[info.Uses[id]] {
				found = true
			}
			return !found
		})
		return found
	}
	objOf := func(e ast.Expr) types.Object {
		id, ok := ast.Unparen(e).(*ast.Ident)
		if !ok {
			return nil
		}
		if o := info.Defs[id]; o != nil {
			return o
		}
		return info.Uses[id]
	}
	// Values made from the transaction: q := queries.WithTx(tx), rows, ...
	escapes := false
	for changed, round := true, 0; changed && round < 4; round++ {
		changed = false
		ast.Inspect(body, func(n ast.Node) bool {
			var lhs, rhs []ast.Expr
			switch n := n.(type) {
			case *ast.AssignStmt:
				lhs, rhs = n.Lhs, n.Rhs
			case *ast.ValueSpec:
				for _, name := range n.Names {
					lhs = append(lhs, name)
				}
				rhs = n.Values
			case *ast.FuncLit:
				// A callback (pgx.BeginFunc, a WithTx helper) gets a
				// transaction of its own, or ours, as a parameter.
				for _, field := range n.Type.Params.List {
					for _, name := range field.Names {
						if v := info.Defs[name]; v != nil && !tainted[v] && holdsDB(v.Type()) {
							tainted[v] = true
							changed = true
						}
					}
				}
				return true
			default:
				return true
			}
			for _, r := range rhs {
				if !mentions(r) {
					continue
				}
				for _, l := range lhs {
					o := objOf(l)
					if o == nil {
						if _, blank := ast.Unparen(l).(*ast.Ident); !blank && mayHold(info.TypeOf(r)) {
							escapes = true // stored in a field or an element
						}
						continue
					}
					if !tainted[o] && (holdsDB(o.Type()) || mayHide(o.Type())) {
						tainted[o] = true
						changed = true
					}
				}
			}
			return true
		})
	}
	if escapes {
		return false
	}
	ok := true
	ast.Inspect(body, func(n ast.Node) bool {
		call, isCall := n.(*ast.CallExpr)
		if !isCall || !ok {
			return ok
		}
		if !mentions(call.Fun) && !anyMentions(call.Args, mentions) {
			return true
		}
		ok = c.readCall(call)
		return ok
	})
	return ok
}

func anyMentions(es []ast.Expr, mentions func(ast.Node) bool) bool {
	for _, e := range es {
		if mentions(e) {
			return true
		}
	}
	return false
}

// readCall reports whether a call that receives the transaction (or a
// value made from it) only reads.
func (c *checker) readCall(call *ast.CallExpr) bool {
	info := c.pass.TypesInfo
	if tv, ok := info.Types[call.Fun]; ok && (tv.IsType() || tv.IsBuiltin()) {
		return true
	}
	if qc, ok := apis.SQLQueryCall(info, call); ok {
		return qc.Kind != apis.QueryPrepare && qc.Kind != apis.QueryQueue && c.readOnlySQL(call.Args[qc.Arg])
	}
	fn := apis.Callee(info, call)
	if fn == nil || fn.Pkg() == nil {
		return false
	}
	if isDBLibrary(fn.Pkg().Path()) && !apis.IsSQLTextLibrary(fn.Pkg().Path()) {
		// An ORM or a document store writes through its methods (Create,
		// Save, Set, InsertOne, NewInsert): only ending the transaction is
		// known not to write.
		return txEnds.Match(fn)
	}
	if isDBLibrary(fn.Pkg().Path()) {
		switch fn.Name() {
		case "CopyFrom", "SendBatch", "LargeObjects", "Exec", "ExecContext", "MustExec", "MustExecContext", "NamedExec", "NamedExecContext", "NamedQuery", "Prepare", "PrepareContext", "Preparex", "PreparexContext":
			return false
		}
		return true // Commit, Rollback, rows.Scan, Next, Close, ...
	}
	if apis.IsLogging(fn) {
		return true
	}
	switch fn.Pkg().Path() {
	case "fmt", "errors", "context":
		return true
	}
	return c.funcReadsOnly(fn)
}

// readOnlySQL reports whether e is constant SQL that only reads and takes
// no row locks.
func (c *checker) readOnlySQL(e ast.Expr) bool {
	tv, ok := c.pass.TypesInfo.Types[e]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
		return false
	}
	text := constant.StringVal(tv.Value)
	stmts := sqlscan.Scan(text)
	if len(stmts) == 0 {
		return false
	}
	for i := range stmts {
		if !readsOnlyStmt(&stmts[i]) || stmts[i].Locks(text) {
			return false
		}
	}
	return true
}

func readsOnlyStmt(st *sqlscan.Statement) bool {
	if st.Kind != sqlscan.Select {
		return false
	}
	for i := range st.CTEs {
		if !readsOnlyStmt(&st.CTEs[i].Stmt) {
			return false
		}
	}
	return true
}

// holdsDB reports whether a value of type t reaches the database: a
// transaction, a database library's value (a handle, rows), an interface
// shaped like sqlc's DBTX, or a struct (or pointer to one) with such a
// field, two levels deep (a repository holding sqlc's Queries).
func holdsDB(t types.Type) bool { return holdsDBDepth(t, 2) }

func holdsDBDepth(t types.Type, depth int) bool {
	if dbHandle(t) {
		return true
	}
	if depth == 0 {
		return false
	}
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok {
		return false
	}
	for i := range st.NumFields() {
		if holdsDBDepth(st.Field(i).Type(), depth-1) {
			return true
		}
	}
	return false
}

func dbHandle(t types.Type) bool {
	if apis.IsTx(t) {
		return true
	}
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	if n, ok := types.Unalias(t).(*types.Named); ok && n.Obj().Pkg() != nil && isDBLibrary(n.Obj().Pkg().Path()) {
		return true
	}
	if it, ok := t.Underlying().(*types.Interface); ok {
		for i := range it.NumMethods() {
			if apis.IsDBTXMethod(it.Method(i)) {
				return true
			}
		}
	}
	return false
}

func isDBLibrary(path string) bool {
	p := apis.NormPath(path)
	for _, lib := range apis.DBPaths {
		if p == lib || strings.HasPrefix(p, lib+"/") {
			return true
		}
	}
	return false
}

// callAt returns the call expression that starts at pos, or nil.
func (c *checker) callAt(pos token.Pos) *ast.CallExpr {
	var found *ast.CallExpr
	for _, f := range c.pass.Files {
		if f.Pos() > pos || f.End() < pos {
			continue
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if found != nil || n == nil || n.Pos() > pos || n.End() < pos {
				return false
			}
			if call, ok := n.(*ast.CallExpr); ok && call.Pos() == pos {
				found = call
			}
			return found == nil
		})
	}
	return found
}

// enclosingBody returns the body of the innermost function (declaration
// or literal) whose extent holds pos.
func (c *checker) enclosingBody(pos token.Pos) ast.Node {
	var body ast.Node
	for _, f := range c.pass.Files {
		if f.Pos() > pos || f.End() < pos {
			continue
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if n == nil || n.Pos() > pos || n.End() < pos {
				return false
			}
			switch n := n.(type) {
			case *ast.FuncDecl:
				if n.Body != nil {
					body = n.Body
				}
			case *ast.FuncLit:
				body = n.Body
			}
			return true
		})
	}
	return body
}

// mayHold reports whether a value of type t may hold the transaction it
// was made from: anything but an error or a basic value.
func mayHold(t types.Type) bool {
	if t == nil {
		return true
	}
	if types.Identical(t, types.Universe.Lookup("error").Type()) {
		return false
	}
	_, basic := t.Underlying().(*types.Basic)
	return !basic
}

// txEnds are the library calls that end a transaction (commit or rollback).
var txEnds = func() *apis.Set {
	s := apis.TxCommits()
	for _, f := range apis.TxRollbacks().Funcs() {
		s.Add(f)
	}
	return s
}()

// mayHide reports whether a value of type t, made from the transaction,
// may hold it out of sight: an interface other than error (a scoped
// handler or repository built on the transaction, Scoped(tx) Saver).
func mayHide(t types.Type) bool {
	return types.IsInterface(t) && !types.Identical(t, types.Universe.Lookup("error").Type())
}
