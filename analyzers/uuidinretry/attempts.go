package uuidinretry

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ast/inspector"

	"github.com/idemlint/idemlint/internal/apis"
	"github.com/idemlint/idemlint/internal/funcname"
)

// attemptKind tells how a piece of code is repeated.
type attemptKind int

const (
	retryOp   attemptKind = iota // the operation passed to a retry function
	retryLoop                    // the body of a hand-written retry loop
	delivery                     // the handling of one Kafka delivery
)

// An attempt is a piece of code evaluated once per attempt.
type attempt struct {
	kind  attemptKind
	where string           // "retry.Do callback", "retry loop", "Kafka delivery loop"
	retry string           // "retry.Do", "the loop": what the key must be made before
	call  inspector.Cursor // the retry call (retryOp)
	lit   *ast.FuncLit     // the operation literal (retryOp), for the fix
	// helpers: the package's functions the attempt calls are scanned for
	// keys made fresh too (cqrs.go), down to maxHelperDepth; depth is how
	// far below the attempt's own body this scan is.
	helpers bool
	depth   int
}

var kafkaReceives = apis.KafkaReceives()
var kafkaRecordIters = apis.KafkaRecordIters()

// checkRetryCall handles a call of a retry function.
func (c *checker) checkRetryCall(cur inspector.Cursor, call *ast.CallExpr) {
	op, name, ok := c.retryOperation(call)
	if !ok {
		return
	}
	at := attempt{kind: retryOp, where: name + " callback", retry: name, call: cur}
	switch op := ast.Unparen(op).(type) {
	case *ast.FuncLit:
		at.lit = op
		if lc, ok := cur.FindNode(op); ok {
			c.scanAttempt(lc, at)
		}
	case *ast.Ident, *ast.SelectorExpr:
		// a function or method value: its summary says what one attempt does
		var obj types.Object
		if id, ok := op.(*ast.Ident); ok {
			obj = c.pass.TypesInfo.Uses[id]
		} else {
			obj = c.pass.TypesInfo.Uses[op.(*ast.SelectorExpr).Sel]
		}
		switch obj := obj.(type) {
		case *types.Func:
			c.checkOpFunc(op, name)
		case *types.Var:
			if lit := c.localFuncLit(cur, obj); lit != nil {
				at.where = "operation passed to " + name
				if lc, ok := c.findNode(lit); ok {
					c.scanAttempt(lc, at)
				}
			} else {
				c.checkOpFunc(op, name)
			}
		}
	}
}

// checkOpFunc reports a function value passed as a retry operation that
// makes a fresh identifier or sends an unkeyed write: every function it
// may denote does (calls.Derived: a named function or method value, an
// interface method value's implementations in sight, a func-typed local
// or field's stored functions).
func (c *checker) checkOpFunc(op ast.Expr, retry string) {
	ts := c.sums.ValueTargets(op)
	name := ""
	if fn, ok := c.pass.TypesInfo.Uses[opIdent(op)].(*types.Func); !ok || len(ts) > 0 && ts[0].Via != nil {
		name = types.ExprString(op)
		if ok {
			name = funcname.Code(fn, c.pass.Pkg)
		}
	}
	at := attempt{kind: retryOp, where: "operation passed to " + retry, retry: retry}
	if chain, ok := targetsChain(name, ts, c.freshBelow); ok {
		c.reportFresh(op, genCall{chain: chain}, flowResult{nonLog: true}, at)
	}
	if chain, ok := targetsChain(name, ts, c.unkeyedBelow); ok {
		c.reportUnkeyed(op, unkeyed{method: ts[0].Sum.unkeyed.Method, chain: chain}, at)
	}
}

// opIdent returns the identifier an operation names (f, s.handle).
func opIdent(op ast.Expr) *ast.Ident {
	switch op := ast.Unparen(op).(type) {
	case *ast.Ident:
		return op
	case *ast.SelectorExpr:
		return op.Sel
	}
	return nil
}

// localFuncLit returns the function literal a local variable is
// initialised with, when it is assigned exactly once.
func (c *checker) localFuncLit(from inspector.Cursor, v *types.Var) *ast.FuncLit {
	fd, ok := enclosingFunc(from)
	if !ok {
		return nil
	}
	var lit *ast.FuncLit
	assignments := 0
	for cur := range fd.Preorder((*ast.AssignStmt)(nil), (*ast.ValueSpec)(nil)) {
		var lhs []*ast.Ident
		var rhs []ast.Expr
		switch n := cur.Node().(type) {
		case *ast.AssignStmt:
			for _, l := range n.Lhs {
				id, _ := l.(*ast.Ident)
				lhs = append(lhs, id)
			}
			rhs = n.Rhs
		case *ast.ValueSpec:
			lhs, rhs = n.Names, n.Values
		}
		for i, id := range lhs {
			if id == nil || c.pass.TypesInfo.ObjectOf(id) != v {
				continue
			}
			assignments++
			if i < len(rhs) && len(lhs) == len(rhs) {
				lit, _ = ast.Unparen(rhs[i]).(*ast.FuncLit)
			}
		}
	}
	if assignments != 1 {
		return nil
	}
	return lit
}

func enclosingFunc(cur inspector.Cursor) (inspector.Cursor, bool) {
	for fd := range cur.Enclosing((*ast.FuncDecl)(nil)) {
		return fd, true
	}
	return inspector.Cursor{}, false
}

// checkLoop handles hand-written retry loops and Kafka delivery loops.
func (c *checker) checkLoop(cur inspector.Cursor) {
	body := loopBody(cur.Node())
	if body == nil {
		return
	}
	bc, ok := cur.FindNode(body)
	if !ok {
		return
	}
	if c.isRetryLoop(cur.Node()) {
		c.scanAttempt(bc, attempt{kind: retryLoop, where: "retry loop", retry: "the loop"})
		return
	}
	if recv := c.deliveryReceive(cur.Node()); recv != "" {
		c.scanAttempt(bc, attempt{kind: delivery, where: "the handling of one Kafka delivery (" + recv + ")"})
		c.scanLoopHandlers(bc, recv)
	}
}

// checkRecordIterCall handles franz-go's fetches.EachRecord(func(r) {...}).
func (c *checker) checkRecordIterCall(cur inspector.Cursor, call *ast.CallExpr) {
	fn, ok := kafkaRecordIters.MatchCall(c.pass.TypesInfo, call)
	if !ok {
		return
	}
	for _, a := range call.Args {
		if lit, ok := ast.Unparen(a).(*ast.FuncLit); ok {
			if lc, ok := cur.FindNode(lit); ok {
				c.scanAttempt(lc, attempt{kind: delivery, where: "the handling of one Kafka delivery (" + funcname.Code(fn, nil) + ")"})
			}
		}
	}
}

func loopBody(n ast.Node) *ast.BlockStmt {
	switch n := n.(type) {
	case *ast.ForStmt:
		return n.Body
	case *ast.RangeStmt:
		return n.Body
	}
	return nil
}

// deliveryReceive returns the name of the Kafka receive call a loop
// iterates on ("" if none): a range over claim.Messages() or
// fetches.Records(), or a loop whose body calls FetchMessage, ReadMessage,
// PollFetches or Poll.
func (c *checker) deliveryReceive(loop ast.Node) string {
	info := c.pass.TypesInfo
	if r, ok := loop.(*ast.RangeStmt); ok {
		if call, ok := ast.Unparen(r.X).(*ast.CallExpr); ok {
			if fn, ok := kafkaReceives.MatchCall(info, call); ok {
				return funcname.Code(fn, nil)
			}
		}
	}
	recv := ""
	ast.Inspect(loopBody(loop), func(n ast.Node) bool {
		if recv != "" {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit, *ast.ForStmt, *ast.RangeStmt:
			return false
		case *ast.CallExpr:
			if fn, ok := kafkaReceives.MatchCall(info, n); ok {
				recv = funcname.Code(fn, nil)
			}
		}
		return true
	})
	return recv
}

// isRetryLoop reports whether loop is a hand-written retry loop: a counted
// or endless for loop (or a range over an integer) that leaves on success
// and goes round again after a failed attempt. A range over a collection
// is an item loop.
func (c *checker) isRetryLoop(loop ast.Node) bool {
	switch l := loop.(type) {
	case *ast.RangeStmt:
		tv, ok := c.pass.TypesInfo.Types[l.X]
		if !ok || tv.Type == nil {
			return false
		}
		b, ok := tv.Type.Underlying().(*types.Basic)
		if !ok || b.Info()&types.IsInteger == 0 {
			return false
		}
		return c.leavesOnSuccess(l.Body) && !c.isCollisionLoop(l.Body)
	case *ast.ForStmt:
		return c.leavesOnSuccess(l.Body) && !c.isCollisionLoop(l.Body)
	}
	return false
}

// isCollisionLoop reports whether a loop goes round again only after a
// unique violation: it makes a new value until one does not collide
// (short codes, slugs, public IDs). The failed attempt wrote nothing, so a
// fresh value per attempt is the point, not a bug.
//
//	if err == nil { return code, nil }
//	if !isUniqueViolation(err) { return "", err }
func (c *checker) isCollisionLoop(body *ast.BlockStmt) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if found {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.IfStmt:
			if mentionsUniqueViolation(n.Cond) {
				found = true
			}
		case *ast.CaseClause:
			for _, e := range n.List {
				if mentionsUniqueViolation(e) {
					found = true
				}
			}
		}
		return true
	})
	return found
}

// mentionsUniqueViolation reports whether e tests for a unique violation:
// the SQLSTATE "23505", pgerrcode.UniqueViolation, isUnique(err),
// errors.Is(err, ErrDuplicate), IsCollision(err).
func mentionsUniqueViolation(e ast.Expr) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.BasicLit:
			if n.Value == `"23505"` {
				found = true
			}
		case *ast.Ident:
			name := strings.ToLower(n.Name)
			if strings.Contains(name, "unique") || strings.Contains(name, "duplicate") || strings.Contains(name, "collision") || strings.Contains(name, "collide") {
				found = true
			}
		}
		return !found
	})
	return found
}

// leavesOnSuccess reports whether a loop body exits the loop when an error
// is nil and iterates again when it is not:
//
//	if err == nil { return ... }             // or break
//	if err != nil { ...; continue }; return  // or break
func (c *checker) leavesOnSuccess(body *ast.BlockStmt) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if found {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.IfStmt:
			if c.testsErr(n.Cond, token.EQL) && exits(n.Body, 0) {
				found = true
			}
		}
		return true
	})
	if found {
		return true
	}
	retried := false
	for _, s := range body.List {
		if ifs, ok := s.(*ast.IfStmt); ok && c.testsErr(ifs.Cond, token.NEQ) && continues(ifs.Body) {
			retried = true
			continue
		}
		if retried {
			switch s := s.(type) {
			case *ast.ReturnStmt:
				return true
			case *ast.BranchStmt:
				if s.Tok == token.BREAK && s.Label == nil {
					return true
				}
			}
		}
	}
	return false
}

// testsErr reports whether cond compares an error with nil using op
// (possibly as one operand of || or &&).
func (c *checker) testsErr(cond ast.Expr, op token.Token) bool {
	b, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok {
		return false
	}
	switch b.Op {
	case token.LOR, token.LAND:
		return c.testsErr(b.X, op) || c.testsErr(b.Y, op)
	case op:
		return c.isError(b.X) && isNil(b.Y) || c.isError(b.Y) && isNil(b.X)
	}
	return false
}

var errorType = types.Universe.Lookup("error").Type()

func (c *checker) isError(e ast.Expr) bool {
	tv, ok := c.pass.TypesInfo.Types[e]
	return ok && tv.Type != nil && types.Identical(tv.Type, errorType)
}

func isNil(e ast.Expr) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	return ok && id.Name == "nil"
}

// exits reports whether block contains a return, or a break that leaves the
// loop whose body contains it (depth counts the nested loops and switches
// the break would leave first).
func exits(block ast.Node, depth int) bool {
	found := false
	ast.Inspect(block, func(n ast.Node) bool {
		if found || n == nil {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			found = true
		case *ast.BranchStmt:
			if n.Tok == token.BREAK && n.Label == nil && depth == 0 {
				found = true
			}
		case *ast.ForStmt, *ast.RangeStmt, *ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.SelectStmt:
			if n != block {
				if exits(n, depth+1) {
					found = true
				}
				return false
			}
		}
		return true
	})
	return found
}

// continues reports whether block ends the iteration with continue.
func continues(block *ast.BlockStmt) bool {
	if len(block.List) == 0 {
		return false
	}
	b, ok := block.List[len(block.List)-1].(*ast.BranchStmt)
	return ok && b.Tok == token.CONTINUE
}

// enclosingAttempt reports whether cur lies in an attempt inside limit:
// the operation literal of a retry call, or the body of a retry loop.
func (c *checker) enclosingAttempt(cur, limit inspector.Cursor) (ast.Node, bool) {
	for anc := range cur.Enclosing((*ast.FuncLit)(nil), (*ast.ForStmt)(nil), (*ast.RangeStmt)(nil)) {
		if !limit.Contains(anc) {
			break
		}
		switch n := anc.Node().(type) {
		case *ast.FuncLit:
			if call, ok := anc.Parent().Node().(*ast.CallExpr); ok {
				if op, _, ok := c.retryOperation(call); ok && ast.Unparen(op) == n {
					return n, true
				}
			}
		case *ast.ForStmt, *ast.RangeStmt:
			if c.isRetryLoop(n) {
				return n, true
			}
		}
	}
	return nil, false
}
