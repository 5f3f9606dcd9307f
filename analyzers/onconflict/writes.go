package onconflict

import (
	"go/ast"
	"go/types"

	"github.com/idemlint/idemlint/internal/apis"
	"github.com/idemlint/idemlint/internal/calls"
	"github.com/idemlint/idemlint/internal/funcname"
)

// bodyWrites returns the Writes fact of a body that writes (function
// literals included: a BeginFunc callback writes for its caller).
func (c *checker) bodyWrites(body *ast.BlockStmt) *Writes {
	var w *Writes
	ast.Inspect(body, func(n ast.Node) bool {
		if w != nil {
			return false
		}
		if call, ok := n.(*ast.CallExpr); ok {
			if via, ok := c.isWrite(call); ok {
				w = &Writes{Via: via}
			}
		}
		return w == nil
	})
	return w
}

// isWrite reports whether call writes: a statement that is not a known
// read, an ORM write (GORM Create, ...), a transaction commit, a network call, a Kafka produce, an extra
// write of the configuration, or a call of a function that writes. It
// returns the name of the call.
func (c *checker) isWrite(call *ast.CallExpr) (string, bool) {
	fn := apis.Callee(c.info, call)
	if q, ok := c.queryOf(call); ok {
		if q.call.Kind == apis.QueryPrepare || q.readOnly() {
			return "", false
		}
		return funcname.Lib(fn, nil), true
	}
	if fn == nil {
		return "", false
	}
	switch {
	case c.commits.Match(fn), c.produces.Match(fn), c.writes.Match(fn), apis.IsORMWrite(fn):
		return funcname.Lib(fn, nil), true
	}
	if chain := c.net.NetChain(fn); chain != nil {
		return chain[0], true
	}
	if fn.Pkg() == nil || fn.Pkg() != c.pass.Pkg && c.isLibrary(fn) {
		return "", false
	}
	ts := c.callSummaries(call)
	if calls.Every(ts, func(t calls.Reached[*summary]) bool { return t.Sum != nil && t.Sum.writes != nil }) {
		return funcname.Code(fn, nil), true
	}
	return "", false
}

// isLibrary reports whether fn belongs to a database or Kafka library, whose
// other calls (Begin, Rollback, Close, ...) do not write.
func (c *checker) isLibrary(fn *types.Func) bool {
	p := apis.NormPath(fn.Pkg().Path())
	for _, lib := range append(apis.DBPaths[:len(apis.DBPaths):len(apis.DBPaths)], apis.KafkaPaths...) {
		if p == lib || len(p) > len(lib) && p[:len(lib)+1] == lib+"/" {
			return true
		}
	}
	return false
}
