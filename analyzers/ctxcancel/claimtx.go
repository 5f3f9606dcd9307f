package ctxcancel

import (
	"go/ast"
	"go/constant"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/apis"
	"github.com/idemlint/idemlint/internal/sqlscan"
)

// A claim transaction takes work for later: it locks rows (SELECT ... FOR
// UPDATE [SKIP LOCKED]), marks them (UPDATE ... SET status =
// 'PROCESSING') and returns them; the work — a publish, a call — happens
// after it commits. A shutdown that cuts it rolls the claim back and the
// rows wait for the next run; a commit that went through before the cut
// is repeated harmlessly, since each of its statements sets what it sets
// again (sqlscan's Repeatable). Nothing left the process, so nothing is
// lost or sent twice: the SPEC's retry-safety model (a cut the next
// attempt repairs). Its sinks are of kind sinkGatedTx, like an
// inbox-gated unit's.
//
// Only what the function shows is trusted: every statement is constant SQL
// run by a database library, the first one locks rows, all repeat
// harmlessly, and nothing else leaves the process or is unknown (a call of
// the module's own code, a function value, a publish, a network call, a
// Redis write, an ORM call whose SQL is not in sight). A mark before the
// lock (the previous batch marked sent, then the next claimed) is not a
// claim: its rollback after a publish would send again.

// claimTxSink reports whether instr, a transaction sink, belongs to a
// claim transaction: the declared function around it is one.
func (s *state) claimTxSink(instr ssa.CallInstruction) bool {
	f := instr.Parent()
	for f != nil && f.Parent() != nil {
		f = f.Parent()
	}
	if f == nil {
		return false
	}
	fd, ok := f.Syntax().(*ast.FuncDecl)
	if !ok || fd.Body == nil || !returnsMoreThanError(s.pass.TypesInfo, fd) {
		return false
	}
	return s.claimBody(fd.Body)
}

// returnsMoreThanError reports whether fd returns a result besides an
// error: the rows it claimed.
func returnsMoreThanError(info *types.Info, fd *ast.FuncDecl) bool {
	if fd.Type.Results == nil {
		return false
	}
	for _, r := range fd.Type.Results.List {
		if t := info.TypeOf(r.Type); t != nil && !types.Identical(t, types.Universe.Lookup("error").Type()) {
			return true
		}
	}
	return false
}

// claimBody reports whether body runs only a claim (see above).
func (s *state) claimBody(body *ast.BlockStmt) bool {
	stmts, ok := s.lockFirstStatements(body)
	if !ok {
		return false
	}
	for _, st := range stmts {
		if !st.Repeatable(st.text) {
			return false
		}
	}
	return true
}

// lockFirstStatements returns the statements body runs, when every one is
// constant SQL run by a database library, the first locks rows, and
// nothing else leaves the process (harmlessInClaim).
func (s *state) lockFirstStatements(body *ast.BlockStmt) ([]claimStmt, bool) {
	info := s.pass.TypesInfo
	var stmts []claimStmt
	ok := true
	ast.Inspect(body, func(n ast.Node) bool {
		call, isCall := n.(*ast.CallExpr)
		if !ok || !isCall {
			return ok
		}
		if qc, isQuery := apis.SQLQueryCall(info, call); isQuery {
			tv, known := info.Types[call.Args[qc.Arg]]
			if qc.Kind == apis.QueryPrepare || !known || tv.Value == nil || tv.Value.Kind() != constant.String {
				ok = false
				return false
			}
			text := constant.StringVal(tv.Value)
			for _, st := range sqlscan.Scan(text) {
				stmts = append(stmts, claimStmt{st, text})
			}
			return true
		}
		ok = s.harmlessInClaim(call)
		return ok
	})
	if !ok || len(stmts) == 0 || !stmts[0].locksRows() {
		return nil, false
	}
	return stmts, true
}

// claimStmt is one statement of a claim, with the text it was scanned from.
type claimStmt struct {
	sqlscan.Statement
	text string
}

// locksRows reports whether the statement locks the rows it reads: a
// SELECT ... FOR UPDATE, or an UPDATE whose subquery does.
func (st claimStmt) locksRows() bool {
	if st.Kind != sqlscan.Select && st.Kind != sqlscan.Update {
		return false
	}
	kind, _ := st.LockScope(st.text)
	return kind == sqlscan.LockRows
}

// harmlessInClaim reports whether call, not a query, may appear in a claim
// transaction: a builtin or a conversion, the transaction's own methods
// (begin, commit, rollback, scanning rows), or a library outside the
// tables (errors, fmt, a logger). The module's own functions, function
// values and the tabled libraries' other calls (a publish, a Redis write,
// an ORM write) may do anything.
func (s *state) harmlessInClaim(call *ast.CallExpr) bool {
	info := s.pass.TypesInfo
	if tv, ok := info.Types[call.Fun]; ok && (tv.IsType() || tv.IsBuiltin()) {
		return true
	}
	if _, ok := ast.Unparen(call.Fun).(*ast.FuncLit); ok {
		return true // its body is inspected with the rest (defer func() { tx.Rollback() }())
	}
	fn := apis.Callee(info, call)
	if fn == nil || fn.Pkg() == nil {
		return false
	}
	if networkCalls.Match(fn) {
		return false
	}
	p := fn.Pkg().Path()
	switch {
	case apis.IsStdlib(p):
		return p != "database/sql" || claimTxMethods[fn.Name()] || argHelper(fn)
	case apis.IsTableLibrary(p):
		return apis.IsDBPath(p) && (claimTxMethods[fn.Name()] || rowReader(fn.Name()) || argHelper(fn))
	case s.layer != nil && s.layer.OwnModule(fn.Pkg()):
		return false
	}
	return fn.Pkg() != s.pass.Pkg
}

// networkCalls are the calls that send a request out of the process.
var networkCalls = apis.NetworkCalls()

// rowReader reports whether a database library's function only reads the
// rows a query returned (pgx.CollectRows, pgx.RowToStructByName,
// pgx.ForEachRow).
func rowReader(name string) bool {
	return strings.HasPrefix(name, "Collect") || strings.HasPrefix(name, "RowTo") || name == "ForEachRow"
}

// argHelper reports whether fn, of a database library, is a function that
// wraps an argument (pq.Array, sql.Named): no receiver and no context, so
// no round trip to the database.
func argHelper(fn *types.Func) bool {
	sig := fn.Signature()
	if sig.Recv() != nil {
		return false
	}
	for i := range sig.Params().Len() {
		if apis.IsContext(sig.Params().At(i).Type()) {
			return false
		}
	}
	return true
}

// claimTxMethods are the database libraries' calls that neither write nor
// read SQL of their own: opening and ending the transaction and reading
// the rows a query returned.
var claimTxMethods = map[string]bool{
	"Begin": true, "BeginTx": true, "Beginx": true, "BeginTxx": true, "MustBegin": true, "MustBeginTx": true,
	"Commit": true, "Rollback": true,
	"Next": true, "NextResultSet": true, "Scan": true, "StructScan": true, "MapScan": true, "SliceScan": true,
	"Close": true, "Err": true, "Columns": true, "Values": true, "RowsAffected": true, "CommandTag": true,
}
