package onconflict

import (
	"fmt"
	"go/ast"
	"go/types"
	"path/filepath"
	"strings"

	"github.com/idemlint/idemlint/internal/funcname"
	"github.com/idemlint/idemlint/internal/report"
)

// reportAll reports the mishandled sources and dedup gates of every
// function body of the package.
func (c *checker) reportAll(r *report.Reporter) {
	for _, f := range c.pass.Files {
		if r.IsGenerated(f.Pos()) {
			continue
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncDecl:
				if n.Body != nil {
					fn, _ := c.info.Defs[n.Name].(*types.Func)
					c.reportBody(r, c.body(n.Body, n.Type, fn))
					c.reportDedup(r, n.Body)
					c.reportGORMDedup(r, n.Body)
				}
			case *ast.FuncLit:
				c.reportBody(r, c.body(n.Body, n.Type, nil))
				c.reportDedup(r, n.Body)
				c.reportGORMDedup(r, n.Body)
			}
			return true
		})
	}
}

// reportBody reports the sources whose no-row error the body mishandles.
func (c *checker) reportBody(r *report.Reporter, b *bodyInfo) {
	for _, src := range b.sources {
		var outcome string
		switch src.disp {
		case failed:
			outcome = "this code treats it as a failure, so the retry or redelivery it should absorb fails every time"
		case ignored:
			outcome = "this code ignores the error and goes on as if the row were new"
		default:
			continue
		}
		if src.fact != nil {
			noRows := src.fact.NoRows
			if noRows == "" {
				noRows = "pgx.ErrNoRows"
			}
			r.Report(src.call, fmt.Sprintf("%s returns ErrNoRows on a duplicate (%s); %s: %s",
				c.chainName(src), describeFact(src.fact), outcome, fixesFor(noRows)), report.Category("sqlcone"))
			continue
		}
		what := "INSERT ... ON CONFLICT DO NOTHING RETURNING"
		if src.q.name != "" {
			what = "query " + src.q.name + " (" + what + ")"
		}
		r.Report(src.call, fmt.Sprintf("%s of %s gets no row on a duplicate and fails with ErrNoRows; %s: compare the error with %s (errors.Is) and treat it as already done, or use ON CONFLICT ... DO UPDATE SET ... RETURNING (xmax = 0) AS inserted",
			scanName(src), what, outcome, c.noRowsName(src.qcall)), report.Category("queryrow"))
	}
}

// chainName names the called query method and the chain below it.
func (c *checker) chainName(src *source) string {
	return strings.Join(append([]string{funcname.Code(src.callee, nil)}, src.fact.Chain...), " → ")
}

func describeFact(f *NoRowOnConflict) string {
	if f.Sqlc {
		return "sqlc :one query " + f.Query + " with ON CONFLICT DO NOTHING RETURNING"
	}
	return f.Query + " of INSERT ... ON CONFLICT DO NOTHING RETURNING"
}

// scanName is how a message names a rule-2 source: "QueryRow(...).Scan", "Get".
func scanName(src *source) string {
	if src.qcall == src.call {
		if sel, ok := ast.Unparen(src.call.Fun).(*ast.SelectorExpr); ok {
			return sel.Sel.Name
		}
		return "Get"
	}
	name := "QueryRow"
	if sel, ok := ast.Unparen(src.qcall.Fun).(*ast.SelectorExpr); ok {
		name = sel.Sel.Name
	}
	scan := "Scan"
	if sel, ok := ast.Unparen(src.call.Fun).(*ast.SelectorExpr); ok {
		scan = sel.Sel.Name
	}
	if scan == "CollectOneRow" || scan == "CollectExactlyOneRow" {
		return "pgx." + scan + " over " + name + "(...)" // pgx.CollectOneRow(rows, fn)
	}
	return name + "(...)." + scan
}

// position renders pos as file.go:line for a message.
func (c *checker) position(n ast.Node) string {
	p := c.pass.Fset.Position(n.Pos())
	return fmt.Sprintf("%s:%d", filepath.Base(p.Filename), p.Line)
}
