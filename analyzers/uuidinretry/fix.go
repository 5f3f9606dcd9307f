package uuidinretry

import (
	"bytes"
	"go/ast"
	"go/format"
	"go/token"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"
)

// hoistFix moves `key := gen()` from the top level of a retry operation
// literal to just before the statement that calls the retry. It is offered
// only when that is safe: a single new variable, whose initializer uses
// nothing declared inside the operation, on lines of its own without
// comments, and a name that is free where it lands.
func (c *checker) hoistFix(node ast.Node, at attempt) (analysis.SuggestedFix, bool) {
	if at.lit == nil || !at.call.Valid() {
		return analysis.SuggestedFix{}, false
	}
	cur, ok := c.findNode(node)
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	top := c.topExpr(cur)
	assign, ok := top.Parent().Node().(*ast.AssignStmt)
	if !ok || assign.Tok != token.DEFINE || len(assign.Lhs) != 1 || len(assign.Rhs) != 1 || assign.Rhs[0] != top.Node() {
		return analysis.SuggestedFix{}, false
	}
	name, ok := assign.Lhs[0].(*ast.Ident)
	if !ok || name.Name == "_" || top.Parent().Parent().Node() != at.lit.Body {
		return analysis.SuggestedFix{}, false
	}
	// The initializer must not use anything declared inside the operation.
	free := true
	ast.Inspect(assign.Rhs[0], func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			if obj := c.pass.TypesInfo.Uses[id]; obj != nil && obj.Pos() >= at.lit.Pos() && obj.Pos() < at.lit.End() {
				free = false
			}
		}
		return free
	})
	if !free {
		return analysis.SuggestedFix{}, false
	}
	stmt, ok := enclosingStmt(at.call)
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	// The name must be free where the statement lands.
	scope := c.pass.Pkg.Scope().Innermost(stmt.Pos())
	if scope == nil {
		return analysis.SuggestedFix{}, false
	}
	if _, obj := scope.LookupParent(name.Name, stmt.Pos()); obj != nil || scope.Lookup(name.Name) != nil {
		return analysis.SuggestedFix{}, false
	}
	tf := c.pass.Fset.File(assign.Pos())
	if tf == nil {
		return analysis.SuggestedFix{}, false
	}
	first, last := tf.Line(assign.Pos()), tf.Line(assign.End())
	if last >= tf.LineCount() || !c.ownLines(at.lit.Body, assign, first, last) {
		return analysis.SuggestedFix{}, false
	}
	from, to := tf.LineStart(first), tf.LineStart(last+1)
	text, ok := c.movedText(tf, from, to, assign)
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	stmtPos := c.pass.Fset.Position(stmt.Pos())
	indent := strings.Repeat("\t", max(stmtPos.Column-1, 0))
	at0 := tf.LineStart(stmtPos.Line)
	var moved strings.Builder
	for _, l := range text {
		moved.WriteString(indent + l + "\n")
	}
	return analysis.SuggestedFix{
		Message: "Move " + name.Name + " generation before " + at.retry,
		TextEdits: []analysis.TextEdit{
			{Pos: at0, End: at0, NewText: []byte(moved.String())},
			{Pos: from, End: to},
		},
	}, true
}

// movedText returns the lines [from, to) of the file with their common
// indentation removed, comments included; without the source, the printed
// statement.
func (c *checker) movedText(tf *token.File, from, to token.Pos, stmt ast.Stmt) ([]string, bool) {
	if content, err := c.pass.ReadFile(tf.Name()); err == nil && tf.Offset(to) <= len(content) {
		lines := strings.Split(strings.TrimSuffix(string(content[tf.Offset(from):tf.Offset(to)]), "\n"), "\n")
		indent := lines[0][:len(lines[0])-len(strings.TrimLeft(lines[0], " \t"))]
		for i, l := range lines {
			lines[i] = strings.TrimPrefix(l, indent)
		}
		return lines, true
	}
	if c.hasComment(tf, tf.Line(from), tf.Line(to)-1) {
		return nil, false
	}
	var text bytes.Buffer
	if err := format.Node(&text, c.pass.Fset, stmt); err != nil {
		return nil, false
	}
	return strings.Split(text.String(), "\n"), true
}

// ownLines reports whether stmt is alone on lines first..last of block.
func (c *checker) ownLines(block *ast.BlockStmt, stmt ast.Stmt, first, last int) bool {
	tf := c.pass.Fset.File(stmt.Pos())
	if tf.Line(block.Lbrace) >= first {
		return false
	}
	for _, s := range block.List {
		if s == stmt {
			continue
		}
		if l := tf.Line(s.Pos()); l >= first && l <= last {
			return false
		}
		if l := tf.Line(s.End()); l >= first && l <= last {
			return false
		}
	}
	return true
}

// hasComment reports whether a comment starts on lines first..last of tf.
func (c *checker) hasComment(tf *token.File, first, last int) bool {
	for _, f := range c.pass.Files {
		if c.pass.Fset.File(f.FileStart) != tf {
			continue
		}
		for _, g := range f.Comments {
			if l := tf.Line(g.Pos()); l >= first && l <= last {
				return true
			}
		}
	}
	return false
}

// enclosingStmt returns the statement of a block that contains cur.
func enclosingStmt(cur inspector.Cursor) (ast.Stmt, bool) {
	for c := cur; c.Valid(); c = c.Parent() {
		switch c.Parent().Node().(type) {
		case *ast.BlockStmt, *ast.CaseClause, *ast.CommClause:
			s, ok := c.Node().(ast.Stmt)
			return s, ok
		case *ast.FuncDecl, *ast.FuncLit, nil:
			return nil, false
		}
	}
	return nil, false
}
