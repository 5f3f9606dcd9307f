package report

import (
	"go/ast"
	"go/token"
	"slices"
	"strings"
)

const directivePrefix = "//idemlint:ignore"

// A directive is one //idemlint:ignore comment.
type directive struct {
	Pos, End  token.Pos
	Analyzers string // as written: "uuidinretry,ctxcancel"
	Reason    string
}

func (d directive) names(analyzer string) bool {
	return slices.Contains(strings.Split(d.Analyzers, ","), analyzer)
}

// parseDirectives returns the //idemlint:ignore directives of f.
func parseDirectives(fset *token.FileSet, f *ast.File) []directive {
	var out []directive
	for _, g := range f.Comments {
		for _, c := range g.List {
			rest, ok := strings.CutPrefix(c.Text, directivePrefix)
			if !ok || rest != "" && rest[0] != ' ' && rest[0] != '\t' {
				continue
			}
			fields := strings.Fields(rest)
			d := directive{Pos: c.Pos(), End: c.End()}
			if len(fields) > 0 {
				d.Analyzers = fields[0]
				d.Reason = strings.Join(fields[1:], " ")
			}
			out = append(out, d)
		}
	}
	return out
}
