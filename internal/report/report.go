// Package report is the one way idemlint's analyzers report a diagnostic.
//
// It drops findings in generated files (unless asked not to), honours
// //idemlint:ignore directives under every driver (standalone, go vet,
// golangci-lint, nogo), and reports directives that give no reason. Analyzers
// never call pass.Report themselves.
package report

import (
	"fmt"
	"go/ast"
	"go/token"

	"golang.org/x/tools/go/analysis"
)

// A Reporter reports the diagnostics of one analysis pass.
type Reporter struct {
	pass      *analysis.Pass
	generated map[string]bool      // file name → generated
	ignored   map[lineKey][]string // analyzers ignored on a line
}

type lineKey struct {
	file string
	line int
}

// New returns the Reporter of pass. It reads the pass's //idemlint:ignore
// directives and reports, under pass's analyzer, those that name it but give
// no reason.
func New(pass *analysis.Pass) *Reporter {
	r := &Reporter{
		pass:      pass,
		generated: make(map[string]bool),
		ignored:   make(map[lineKey][]string),
	}
	for _, f := range pass.Files {
		name := pass.Fset.File(f.FileStart).Name()
		if ast.IsGenerated(f) {
			r.generated[name] = true
		}
		for _, d := range parseDirectives(pass.Fset, f) {
			if !d.names(pass.Analyzer.Name) {
				continue
			}
			if d.Reason == "" {
				pass.Report(analysis.Diagnostic{
					Pos:      d.Pos,
					End:      d.End,
					Category: "directive",
					Message:  fmt.Sprintf("//idemlint:ignore %s needs a reason after the analyzer names, e.g. //idemlint:ignore %s key is derived from the request upstream", d.Analyzers, pass.Analyzer.Name),
				})
				continue
			}
			p := pass.Fset.Position(d.Pos)
			k := lineKey{p.Filename, p.Line}
			r.ignored[k] = append(r.ignored[k], pass.Analyzer.Name)
		}
	}
	return r
}

// An Option adds to a diagnostic.
type Option func(*options)

type options struct {
	diag          analysis.Diagnostic
	showGenerated bool
}

// Category sets the diagnostic's category (the sub-rule that fired).
func Category(c string) Option { return func(o *options) { o.diag.Category = c } }

// Related adds a related position with a message, e.g. where the retry starts.
func Related(node analysis.Range, msg string) Option {
	return func(o *options) {
		o.diag.Related = append(o.diag.Related, analysis.RelatedInformation{Pos: node.Pos(), End: node.End(), Message: msg})
	}
}

// Fixes attaches suggested fixes.
func Fixes(fixes ...analysis.SuggestedFix) Option {
	return func(o *options) { o.diag.SuggestedFixes = append(o.diag.SuggestedFixes, fixes...) }
}

// ShowGenerated reports the diagnostic even in a generated file.
func ShowGenerated() Option { return func(o *options) { o.showGenerated = true } }

// Report reports msg at rng unless it lies in a generated file or an
// //idemlint:ignore directive covers it.
func (r *Reporter) Report(rng analysis.Range, msg string, opts ...Option) {
	o := options{diag: analysis.Diagnostic{Pos: rng.Pos(), End: rng.End(), Message: msg}}
	for _, opt := range opts {
		opt(&o)
	}
	if !o.diag.Pos.IsValid() {
		return
	}
	p := r.pass.Fset.Position(o.diag.Pos)
	if r.generated[p.Filename] && !o.showGenerated {
		return
	}
	if r.Ignored(o.diag.Pos) {
		return
	}
	r.pass.Report(o.diag)
}

// Reportf is Report with a formatted message.
func (r *Reporter) Reportf(rng analysis.Range, format string, args ...any) {
	r.Report(rng, fmt.Sprintf(format, args...))
}

// Ignored reports whether an //idemlint:ignore directive for the pass's
// analyzer sits on pos's line or the line above.
func (r *Reporter) Ignored(pos token.Pos) bool {
	p := r.pass.Fset.Position(pos)
	return len(r.ignored[lineKey{p.Filename, p.Line}]) > 0 || len(r.ignored[lineKey{p.Filename, p.Line - 1}]) > 0
}

// IsGenerated reports whether pos lies in a generated file of the pass.
func (r *Reporter) IsGenerated(pos token.Pos) bool {
	return r.generated[r.pass.Fset.Position(pos).Filename]
}
