package analyzers_test

import (
	"slices"
	"testing"

	"github.com/idemlint/idemlint/analyzers"
	"github.com/idemlint/idemlint/analyzers/offsetorder"
	"github.com/idemlint/idemlint/internal/report"
)

// MayReport is keyed by name: a copy of an analyzer (as drivers used to
// make for exclude) keeps its pruning.
func TestMayReportByName(t *testing.T) {
	c := *offsetorder.Analyzer
	if analyzers.MayReport(c.Name) == nil {
		t.Error("no MayReport for offsetorder")
	}
	if analyzers.MayReport("dualwrite") == nil {
		t.Error("no MayReport for dualwrite")
	}
	if analyzers.MayReport("consume") == nil {
		t.Error("no MayReport for the consume layer, which offsetorder and skipcommit require, and ctxcancel and uuidinretry only for consume loops")
	}
	if analyzers.MayReport("uuidinretry") != nil {
		t.Error("uuidinretry may report anywhere, but has a MayReport")
	}
}

// Every analyzer requires report.Analyzer, which owns generated files,
// exclusion, directives and de-duplication.
func TestRequiresReport(t *testing.T) {
	for _, a := range analyzers.All() {
		if !slices.Contains(a.Requires, report.Analyzer) {
			t.Errorf("%s does not require report.Analyzer", a.Name)
		}
	}
}
