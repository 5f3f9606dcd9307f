package uuidinretry

import (
	"go/ast"
	"go/token"
	"slices"

	"golang.org/x/tools/go/ast/inspector"
)

// inspector returns the package's inspector, building it on first use:
// packages where nothing can be found never need one.
func (c *checker) inspector() *inspector.Inspector {
	if c.insp == nil {
		c.insp = inspector.New(c.pass.Files)
	}
	return c.insp
}

// findNode returns the cursor of n. Cursor.FindNode from the root scans
// the whole package, which, once per function, is quadratic; this one
// goes to the top-level declaration holding n (a binary search) and
// searches only there.
func (c *checker) findNode(n ast.Node) (inspector.Cursor, bool) {
	root := c.inspector().Root()
	if c.declCurs == nil {
		c.declCurs = []inspector.Cursor{}
		for file := range root.Children() {
			for decl := range file.Children() {
				if _, ok := decl.Node().(ast.Decl); ok {
					c.declCurs = append(c.declCurs, decl)
				}
			}
		}
		slices.SortFunc(c.declCurs, func(a, b inspector.Cursor) int { return int(a.Node().Pos() - b.Node().Pos()) })
	}
	i, found := slices.BinarySearchFunc(c.declCurs, n.Pos(), func(d inspector.Cursor, p token.Pos) int { return int(d.Node().Pos() - p) })
	if !found {
		i--
	}
	if i >= 0 {
		d := c.declCurs[i]
		if d.Node() == n {
			return d, true
		}
		if n.Pos() >= d.Node().Pos() && n.End() <= d.Node().End() {
			if cur, ok := d.FindNode(n); ok {
				return cur, true
			}
		}
	}
	return root.FindNode(n)
}
