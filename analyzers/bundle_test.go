package analyzers_test

import (
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/analyzers"
	"github.com/idemlint/idemlint/internal/bundle"
)

const bundleName = "idemlintbundle"

// The suite bundled into one analyzer (as the golangci-lint plugin runs
// it) finds exactly what its analyzers find one by one, on every
// analysistest package set, facts across packages included.
func TestBundleTestdata(t *testing.T) {
	pkgs := loadTestdata(t)
	separate := findings(t, analyzers.All(), pkgs)
	if len(separate) < 100 {
		t.Fatalf("only %d findings: is the data loaded?", len(separate))
	}
	b := bundle.New(bundleName, "the suite as one analyzer", analyzers.All())
	bundled := findings(t, []*analysis.Analyzer{b}, pkgs)
	diff(t, separate, bundled)
}
