package lossypublish

import (
	"go/ast"
	"go/types"

	"github.com/idemlint/idemlint/internal/funcname"
)

// litSite returns the site of call when one of its targets is a function
// literal that publishes (lossily, or one message per call): a func-typed
// field a constructor sets to a literal (Relay{send: func(ctx, e) error {
// return nc.Publish(e.Subject, e.Body) }}), called by the relay that marks
// the row after it. The literal runs where the field is called, not where
// it is written, so what it publishes is the caller's publish, named
// through the function that wrote it. Like an interface's
// implementations, one lossy literal among the field's values is enough:
// the constructor that stores it builds a relay that loses messages.
func (c *checker) litSite(call *ast.CallExpr, lit *ast.FuncLit) *site {
	if c.litSites == nil {
		c.litSites = make(map[*ast.FuncLit]*site)
	}
	best, done := c.litSites[lit]
	if !done {
		c.litSites[lit] = nil // in progress: a literal reaching itself publishes nothing more
		best = c.bestSite(lit.Body)
		c.litSites[lit] = best
	}
	if best == nil {
		return nil
	}
	via := "func literal (" + c.where(lit.Pos()) + ")"
	if fn := c.declaring(lit); fn != nil {
		via = "func literal in " + funcname.Code(fn, nil) + " (" + c.where(lit.Pos()) + ")"
	}
	if best.via != "" {
		via += " → " + best.via
	}
	return &site{call: call, what: best.what, advice: best.advice, lossy: best.lossy, via: via}
}

// declaring returns the function declared around lit, or nil.
func (c *checker) declaring(lit *ast.FuncLit) *types.Func {
	for _, f := range c.pass.Files {
		if f.Pos() > lit.Pos() || lit.End() > f.End() {
			continue
		}
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Pos() <= lit.Pos() && lit.End() <= fd.End() {
				fn, _ := c.pass.TypesInfo.Defs[fd.Name].(*types.Func)
				return fn
			}
		}
	}
	return nil
}
