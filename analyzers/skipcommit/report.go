package skipcommit

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/consume"
	"github.com/idemlint/idemlint/internal/report"
)

const remedy = "retry until it succeeds, publish it to a dead letter and check the error, or stop"

// report reports one handler whose failure is passed over, at the
// statement where the failure branch moves on.
func (a *checker) report(s *funcState, h *ssa.Call, via string, f *finding) {
	name, _, _ := strings.Cut(via, " → ") // the call that fails, not what it calls
	fails := fmt.Sprintf("%s fails (%s)", name, a.Where(h))
	commit := fmt.Sprintf("%s (%s)", f.commit, a.WherePos(f.where))
	var msg, cat string
	switch f.kind {
	case movesOn:
		cat = "moves-on"
		msg = fmt.Sprintf("%s and the loop moves on: %s commits past the failed message (offsets are cumulative per partition), so it is lost; %s", fails, commit, remedy)
	case commits:
		cat = "commits-failed"
		verb := "acks"
		if s.kafka {
			verb = "commits"
		}
		msg = fmt.Sprintf("%s and %s still %s the message, so it is lost; %s", fails, commit, verb, remedy)
	case returns:
		cat = "returns"
		msg = fmt.Sprintf("%s and %s returns without an error: %s of the next message commits past this one, so it is lost; return the error, retry, or publish it to a dead letter and check the error", fails, a.funcOf(s.fn), commit)
	case returnsNil:
		cat = "returns-nil"
		msg = fmt.Sprintf("%s and %s returns nil: its caller then commits the message, %s, so it is lost; return the error, retry, or publish it to a dead letter and check the error", fails, a.funcOf(s.fn), commit)
	case returnsVoid:
		cat = "returns-nil"
		msg = fmt.Sprintf("%s and %s returns without an error (it has no result to report one): its caller then commits the message, %s, so it is lost; return the error and let the caller stop or retry, or publish it to a dead letter and check the error", fails, a.funcOf(s.fn), commit)
	case handedNil, handedVoid:
		cat = "returns-nil"
		returns := "returns nil"
		if f.kind == handedVoid {
			returns = "returns without an error (it has no result to report one)"
		}
		msg = fmt.Sprintf("%s and %s %s to the consume loop it is handed to (%s), which commits the message after it, %s, so it is lost; return the error and let the loop stop or retry, or publish it to a dead letter and check the error",
			fails, a.funcOf(s.fn), returns, a.WherePos(f.where), f.commit)
	case watermil:
		cat = "watermill-nil"
		msg = fmt.Sprintf("%s and the handler returns nil, so the watermill router acks the message and it is lost; return the error (the router nacks and redelivers) or publish it to a dead letter and check the error", fails)
	case drops:
		cat = "reject-no-dlx"
		msg = fmt.Sprintf("%s and %s rejects it without requeue; no queue in sight declares an x-dead-letter-exchange, so it is dropped; declare one, requeue with a retry limit, or publish a dead letter and check the error", fails, commit)
	}
	at := a.stmtAt(f.last, h)
	if body := a.failureBody(f.test); body != nil && len(body.List) > 0 && (f.last < body.Pos() || f.last >= body.End()) {
		at = body.List[len(body.List)-1] // the path leaves the if body without a position in it (a bare break)
	}
	if f.kind == drops {
		at = a.RangeOf(f.at) // the reject itself
	}
	a.r.Report(at, msg, report.Category(cat), report.Related(consume.PosRange(f.where), "what passes the failed message"))
}

// stmtAt returns the statement where a failure branch moves on: the last
// statement of the innermost block holding pos (the continue or return
// after the logging), or the failed call when pos is unknown.
func (a *checker) stmtAt(pos token.Pos, h *ssa.Call) analysis.Range {
	if !pos.IsValid() {
		return a.RangeOf(h)
	}
	var list []ast.Stmt
	for _, f := range a.Pass.Files {
		if f.FileStart > pos || pos > f.FileEnd {
			continue
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if n == nil || n.Pos() > pos || pos >= n.End() {
				return false
			}
			switch n := n.(type) {
			case *ast.BlockStmt:
				list = n.List
			case *ast.CaseClause:
				list = n.Body
			case *ast.CommClause:
				list = n.Body
			case *ast.FuncLit:
				list = nil
			}
			return true
		})
	}
	if len(list) == 0 {
		return a.RangeOf(h)
	}
	return list[len(list)-1]
}

// funcOf names the function a finding is in.
func (a *checker) funcOf(fn *ssa.Function) string {
	obj, _ := fn.Object().(*types.Func)
	return a.FuncName(obj, fn)
}

// failureBody returns the body of the `if err != nil` whose test is at
// pos, or nil (an `err == nil` test, or none found).
func (a *checker) failureBody(pos token.Pos) *ast.BlockStmt {
	st := a.ifStmtAt(pos)
	if st == nil {
		return nil
	}
	switch c := ast.Unparen(st.Cond).(type) {
	case *ast.BinaryExpr:
		if c.Op == token.NEQ || c.Op == token.LAND {
			return st.Body
		}
	case *ast.UnaryExpr:
		if c.Op == token.NOT {
			return st.Body // !ok of a helper's success flag
		}
	}
	return nil
}

// ifStmtAt returns the innermost if statement whose condition holds pos,
// or nil.
func (a *checker) ifStmtAt(pos token.Pos) *ast.IfStmt {
	var out *ast.IfStmt
	for _, f := range a.Pass.Files {
		if f.FileStart > pos || pos > f.FileEnd {
			continue
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if n == nil || n.Pos() > pos || pos >= n.End() {
				return false
			}
			if st, ok := n.(*ast.IfStmt); ok && st.Cond.Pos() <= pos && pos < st.Cond.End() {
				out = st
			}
			return true
		})
	}
	return out
}

// thenEnd returns the position of the last statement of the body of the
// if statement whose condition holds pos, or NoPos: where its true side
// moves on when that side has no instruction of its own (a bare continue).
func (a *checker) thenEnd(pos token.Pos) token.Pos {
	st := a.ifStmtAt(pos)
	if st == nil || len(st.Body.List) == 0 {
		return token.NoPos
	}
	return st.Body.List[len(st.Body.List)-1].Pos()
}
