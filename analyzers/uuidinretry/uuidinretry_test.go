package uuidinretry_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/idemlint/idemlint/analyzers/uuidinretry"
)

func TestAnalyzer(t *testing.T) {
	dir, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, uuidinretry.Analyzer,
		"uuidinretry/retrylibs", "uuidinretry/strong", "uuidinretry/exempt", "uuidinretry/loops",
		"uuidinretry/helper/...", "uuidinretry/kafka", "uuidinretry/nokey", "uuidinretry/ignore", "uuidinretry/precision", "uuidinretry/inboxgated",
		"uuidinretry/indirect/...", "uuidinretry/cqrs/...", "uuidinretry/paymentsdk", "uuidinretry/handedloop/...", "uuidinretry/bodykey", "uuidinretry/stablekey", "uuidinretry/stablekeyschema",
		// a library's own use of its API is left alone
		"github.com/hashicorp/go-retryablehttp")
}

func TestSuggestedFix(t *testing.T) {
	dir, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	analysistest.RunWithSuggestedFixes(t, dir, uuidinretry.Analyzer, "uuidinretry/fix")
}
