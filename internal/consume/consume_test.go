package consume_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/idemlint/idemlint/internal/consume"
	"github.com/idemlint/idemlint/internal/testutil"
)

// The facts of the summaries, as the cases of the analyzers that judge
// consumers expect them (their diagnostics are those analyzers' tests).
func TestFacts(t *testing.T) {
	dir, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(testutil.OnlyFacts(t, consume.Analyzer), dir, consume.Analyzer,
		"offsetorder/...", "skipcommit/...", "realworld/offsetorder/...", "realworld/skipcommit/...", "consume/seeds/...")
}
