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
	Pos, End token.Pos
	Line     lineKey  // where it sits; it covers this line and the next
	Written  string   // the names as written: "uuidinretry,ctxcancel"
	Names    []string // Written, split
	Reason   string
}

func (d *directive) names(analyzer string) bool {
	return slices.Contains(d.Names, analyzer)
}

// parseDirectives returns the //idemlint:ignore directives of f.
func parseDirectives(fset *token.FileSet, f *ast.File) []*directive {
	var out []*directive
	for _, g := range f.Comments {
		for _, c := range g.List {
			rest, ok := strings.CutPrefix(c.Text, directivePrefix)
			if !ok || rest != "" && rest[0] != ' ' && rest[0] != '\t' {
				continue
			}
			fields := strings.Fields(rest)
			p := fset.Position(c.Pos())
			d := &directive{Pos: c.Pos(), End: c.End(), Line: lineKey{p.Filename, p.Line}}
			if len(fields) > 0 {
				d.Written = fields[0]
				for n := range strings.SplitSeq(fields[0], ",") {
					if n != "" {
						d.Names = append(d.Names, n)
					}
				}
				d.Reason = strings.Join(fields[1:], " ")
			}
			out = append(out, d)
		}
	}
	return out
}
