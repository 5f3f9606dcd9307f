package plugin

import (
	"fmt"
	"go/token"
	"path/filepath"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// A related location is folded into the finding's message under
// golangci-lint. golangci-lint turns each related location into an issue of
// its own, named "<linter>(related information)", which //nolint:idemlint on
// the finding's line does not silence (it lies on another line), so a
// silenced finding left its related issues behind and the run still failed.
// One issue per finding also keeps golangci-lint's counts and exclusion
// rules about findings.

// foldRelated returns copies of the analyzers whose diagnostics carry their
// related locations in the message instead of in Related.
func foldRelated(as []*analysis.Analyzer) []*analysis.Analyzer {
	out := make([]*analysis.Analyzer, len(as))
	for i, a := range as {
		c := *a
		run := a.Run
		c.Run = func(pass *analysis.Pass) (any, error) {
			p := *pass
			p.Report = func(d analysis.Diagnostic) {
				var rel []Related
				for _, r := range d.Related {
					posn := pass.Fset.Position(r.Pos)
					rel = append(rel, Related{posn, r.Message})
				}
				d.Message = FoldMessage(d.Message, rel)
				d.Related = nil
				pass.Report(d)
			}
			return run(&p)
		}
		out[i] = &c
	}
	return out
}

// Related is a related location: its position and message.
type Related struct {
	Posn    token.Position
	Message string
}

// FoldMessage returns the message of a finding with its related locations
// appended: "msg (related: consumer.go:27: the transaction begins here)".
func FoldMessage(msg string, related []Related) string {
	if len(related) == 0 {
		return msg
	}
	parts := make([]string, len(related))
	for i, r := range related {
		parts[i] = fmt.Sprintf("%s:%d: %s", filepath.Base(r.Posn.Filename), r.Posn.Line, strings.TrimSpace(r.Message))
	}
	return msg + " (related: " + strings.Join(parts, "; ") + ")"
}
