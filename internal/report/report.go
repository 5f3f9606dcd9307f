// Package report is the one way idemlint's analyzers report a diagnostic.
//
// Every analyzer requires Analyzer and reports through a Reporter. It
// drops findings in generated files (unless asked not to) and in files
// the configuration excludes, honours //idemlint:ignore directives under
// every driver (standalone, go vet, golangci-lint, nogo) and reports each
// identical diagnostic once. After an analyzer's run, Finish (called by
// safe.Run, not by the analyzer) reports the directives that give no
// reason, name an unknown analyzer or silence nothing. Analyzers never
// call pass.Report themselves.
package report

import (
	"fmt"
	"go/token"

	"golang.org/x/tools/go/analysis"
)

// A Reporter reports the diagnostics of one analysis pass.
type Reporter struct {
	pass *analysis.Pass
	res  *Result
}

// New returns a Reporter for pass, whose analyzer must require Analyzer.
// It reports nothing by itself: an analyzer may create it where it needs
// it, or not at all.
func New(pass *analysis.Pass) *Reporter {
	return &Reporter{pass: pass, res: result(pass)}
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

// Report reports msg at rng unless it lies in a generated or excluded
// file, an //idemlint:ignore directive covers it, or the same diagnostic
// was reported already.
func (r *Reporter) Report(rng analysis.Range, msg string, opts ...Option) {
	o := options{diag: analysis.Diagnostic{Pos: rng.Pos(), End: rng.End(), Message: msg}}
	for _, opt := range opts {
		opt(&o)
	}
	name := r.pass.Analyzer.Name
	if !r.res.shown(o.diag.Pos, o.showGenerated) || r.res.silence(name, o.diag.Pos) || !r.res.firstReport(name, o.diag) {
		return
	}
	r.pass.Report(o.diag)
}

// Reportf is Report with a formatted message.
func (r *Reporter) Reportf(rng analysis.Range, format string, args ...any) {
	r.Report(rng, fmt.Sprintf(format, args...))
}

// IsGenerated reports whether pos lies in a generated file of the pass.
func (r *Reporter) IsGenerated(pos token.Pos) bool {
	return r.res.generated[r.pass.Fset.Position(pos).Filename]
}
