package analyzers

import (
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/analyzers/offsetorder"
)

// MayReport returns, for an analyzer that can only report in some
// packages, the test that tells them; nil for the others. A driver that
// knows every package it analyses (the standalone one) may skip the
// analyzer on packages that neither pass the test nor are imported by one
// that does: their facts could serve no finding.
func MayReport(a *analysis.Analyzer) func(*types.Package) bool {
	if a == offsetorder.Analyzer {
		return offsetorder.MayReport
	}
	return nil
}
