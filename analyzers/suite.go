// Package analyzers lists idemlint's analyzers in one place. Every driver
// (cmd/idemlint, the go vet tool, the golangci-lint plugin, nogo) takes its
// list from here.
package analyzers

import (
	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/internal/report"

	"github.com/idemlint/idemlint/analyzers/checkthenact"
	"github.com/idemlint/idemlint/analyzers/ctxcancel"
	"github.com/idemlint/idemlint/analyzers/dualwrite"
	"github.com/idemlint/idemlint/analyzers/httpintx"
	"github.com/idemlint/idemlint/analyzers/lossypublish"
	"github.com/idemlint/idemlint/analyzers/offsetorder"
	"github.com/idemlint/idemlint/analyzers/onconflict"
	"github.com/idemlint/idemlint/analyzers/skipcommit"
	"github.com/idemlint/idemlint/analyzers/uuidinretry"
)

// All returns idemlint's analyzers, sorted by name. Each declares the
// same skeleton (safe.Run, report.Analyzer required); drivers use the
// values as they are.
func All() []*analysis.Analyzer {
	return []*analysis.Analyzer{
		checkthenact.Analyzer,
		ctxcancel.Analyzer,
		dualwrite.Analyzer,
		httpintx.Analyzer,
		lossypublish.Analyzer,
		offsetorder.Analyzer,
		onconflict.Analyzer,
		skipcommit.Analyzer,
		uuidinretry.Analyzer,
	}
}

// The suite's names, so that a directive naming another is reported.
func init() {
	var names []string
	for _, a := range All() {
		names = append(names, a.Name)
	}
	report.SetAnalyzers(names...)
}
