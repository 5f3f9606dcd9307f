package onconflict_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/idemlint/idemlint/analyzers/onconflict"
)

func TestAnalyzer(t *testing.T) {
	dir, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	// onconflict/flags needs flags: TestFlags runs it.
	analysistest.Run(t, dir, onconflict.Analyzer,
		"onconflict/sqlcgen", "onconflict/sqlccaller", "onconflict/querier", "onconflict/queryrow", "onconflict/dedup", "onconflict/helper/...", "onconflict/batch", "onconflict/alias/...", "onconflict/idempotent", "onconflict/norowtext", "onconflict/gormdonothing", "onconflict/dedupfunc/...")
}
