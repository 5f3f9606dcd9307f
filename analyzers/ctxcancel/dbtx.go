package ctxcancel

import (
	"go/ast"

	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/apis"
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
// reads its work items from the database: it runs a query of its own
// (outside the unit it calls) and receives or commits no Kafka message.
func (s *state) selectsWorkItems(instr ssa.CallInstruction) bool {
	fd := declOf(instr.Parent())
	if fd == nil || fd.Body == nil {
		return false
	}
	info := s.pass.TypesInfo
	query, message := false, false
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		if qc, ok := apis.SQLQueryCall(info, call); ok && (qc.Kind == apis.QueryRows || qc.Kind == apis.QueryGet) {
			query = true
		}
		if fn := apis.Callee(info, call); fn != nil && (kafkaReceives.Match(fn) || kafkaCommits.Match(fn)) {
			message = true
		}
		return true
	})
	return query && !message
}

// kafkaReceives are the calls that receive a message or a batch.
var kafkaReceives = apis.KafkaReceives()
