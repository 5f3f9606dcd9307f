package skipcommit_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/idemlint/idemlint/internal/consume"
	"github.com/idemlint/idemlint/internal/testutil"

	"github.com/idemlint/idemlint/analyzers/skipcommit"
)

// The facts of the summaries are the consume analyzer's, checked by its
// test on these cases.
func TestSkipCommit(t *testing.T) {
	dir, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(testutil.WithoutFacts(t, consume.Analyzer), dir, skipcommit.Analyzer, "skipcommit/...")
}
