package ctxcancel

import (
	"go/ast"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/apis"
	"github.com/idemlint/idemlint/internal/calls"
	"github.com/idemlint/idemlint/internal/sqlscan"
)

// A database-only unit is a transaction whose first statement locks the
// rows it goes on to change (SELECT ... FOR UPDATE, a status check, the
// updates) and that does nothing outside the database: every statement is
// constant SQL and nothing else leaves the process (as in a claim,
// claimtx.go, but its statements need not repeat harmlessly). A cut rolls
// all of it back; a commit that went through changed the rows the next
// attempt locks and checks. Whether the next attempt comes depends on the
// caller: a loop that selects its work items from the database selects the
// row again, a loop whose item is a consumed message has moved its offset
// on. So the sink is of kind sinkDBTx in the summaries, and becomes
// sinkGatedTx at the call from a function that runs its own query and
// receives no Kafka message; anywhere else it counts as a plain
// transaction (plainKind).

// sinkDBTx is the kind of a database-only unit's transaction sink; it
// travels in ReachesSink facts until a caller decides.
const sinkDBTx apis.SinkKind = "dbtx"

// plainKind returns kind, with an undecided database-only unit taken for
// a plain transaction.
func plainKind(kind apis.SinkKind) apis.SinkKind {
	if kind == sinkDBTx {
		return apis.SinkTx
	}
	return kind
}

// dbOnlyTxSink reports whether instr, a transaction sink, belongs to a
// database-only unit: the declared function around it is one.
func (s *state) dbOnlyTxSink(instr ssa.CallInstruction) bool {
	fd := declOf(instr.Parent())
	if fd == nil || fd.Body == nil {
		return false
	}
	stmts, ok := s.lockFirstStatements(fd.Body)
	if !ok {
		return false
	}
	writes := false
	for _, st := range stmts {
		switch st.Kind {
		case sqlscan.Insert, sqlscan.Update, sqlscan.Delete, sqlscan.Merge:
			writes = true
		case sqlscan.Other:
			return false
		}
	}
	return writes
}

// dbtxAt returns the kind of a sink reached through the call at instr:
// sinkGatedTx for a database-only unit the caller selected the work item
// of (the next run selects it again), and kind otherwise.
func (s *state) dbtxAt(kind apis.SinkKind, instr ssa.CallInstruction) apis.SinkKind {
	if kind == sinkDBTx && s.selectsWorkItems(instr) {
		return sinkGatedTx
	}
	return kind
}

// declOf returns the declaration of the function f is (or is in), or nil.
func declOf(f *ssa.Function) *ast.FuncDecl {
	for f != nil && f.Parent() != nil {
		f = f.Parent()
	}
	if f == nil {
		return nil
	}
	fd, _ := f.Syntax().(*ast.FuncDecl)
	return fd
}

// selectsWorkItems reports whether the function making the call at instr
// reads its work items from the database (workItemsOf): a query of its
// own, or a port whose implementations in sight read rows.
func (s *state) selectsWorkItems(instr ssa.CallInstruction) bool {
	w := s.workItemsOf(instr)
	return w.selects() && (w.query || s.portsReadItems(w.ports))
}

// workItems says where a function gets its work items.
type workItems struct {
	query   bool          // it runs a query of its own
	ports   []*types.Func // the project ports it calls with a context (besides the unit's)
	message bool          // it receives or commits a Kafka message
}

// selects reports whether the items may come from the database: from a
// query or a port, never from a message.
func (w workItems) selects() bool { return !w.message && (w.query || len(w.ports) > 0) }

// maxItemPorts bounds the ports a function is said to read its items from.
const maxItemPorts = 4

// workItemsOf describes the function that makes the call at instr (the
// unit's): the queries it runs outside the unit, the ports it calls, and
// whether it handles Kafka messages. A port is resolved where its
// implementations are in sight (portsReadItems): here, or at the
// composition root for a call left pending (PendingStops.Sites.Items).
func (s *state) workItemsOf(instr ssa.CallInstruction) workItems {
	var w workItems
	fd := declOf(instr.Parent())
	if fd == nil || fd.Body == nil {
		return w
	}
	info := s.pass.TypesInfo
	unit := instr.Common().Pos()
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		if qc, ok := apis.SQLQueryCall(info, call); ok && (qc.Kind == apis.QueryRows || qc.Kind == apis.QueryGet) {
			w.query = true
		}
		fn := apis.Callee(info, call)
		if fn == nil {
			return true
		}
		if kafkaReceives.Match(fn) || kafkaCommits.Match(fn) {
			w.message = true
		}
		if call.Lparen != unit && s.itemPort(fn) && len(w.ports) < maxItemPorts && !slices.Contains(w.ports, fn) {
			w.ports = append(w.ports, fn)
		}
		return true
	})
	return w
}

// itemPort reports whether fn may hand out work items: a method of a
// project interface that takes a context and returns a slice.
func (s *state) itemPort(fn *types.Func) bool {
	if !isInterfaceMethod(fn) || fn.Pkg() == nil || !s.inAnalysedCode(fn.Pkg()) || firstContextParam(fn) < 0 {
		return false
	}
	res := fn.Signature().Results()
	for i := range res.Len() {
		if _, ok := res.At(i).Type().Underlying().(*types.Slice); ok {
			return true
		}
	}
	return false
}

// portsReadItems reports whether one of ports has an implementation in
// sight that reads rows, and none commits a message offset: the loop
// selects its items from the database through a repository.
func (s *state) portsReadItems(ports []*types.Func) bool {
	if s.layer == nil {
		return false
	}
	reads := false
	for _, m := range ports {
		if impl, _ := s.layer.ImplWithEffect(m, calls.Ack); impl != nil {
			return false
		}
		if impl, _ := s.layer.ImplWithEffect(m, calls.Read); impl != nil {
			reads = true
		}
	}
	return reads
}

// kafkaReceives are the calls that receive a message or a batch.
var kafkaReceives = apis.KafkaReceives()
