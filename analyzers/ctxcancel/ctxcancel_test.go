package ctxcancel_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/idemlint/idemlint/analyzers/ctxcancel"
)

func TestAnalyzer(t *testing.T) {
	dir, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, ctxcancel.Analyzer,
		"ctxcancel/relay", "ctxcancel/goodrelay", "ctxcancel/twodown", "ctxcancel/shapes",
		"ctxcancel/helper/...", "ctxcancel/signals", "ctxcancel/notimeout", "ctxcancel/libs", "ctxcancel/good", "ctxcancel/closures", "ctxcancel/idemutil/...", "ctxcancel/scoped", "ctxcancel/errstop", "ctxcancel/stoploop", "ctxcancel/inboxgated",
		"ctxcancel/indirect/...", "ctxcancel/structctx", "ctxcancel/ctorfield/...", "ctxcancel/stacks", "ctxcancel/gormctx", "ctxcancel/fixsite/...", "ctxcancel/startup", "ctxcancel/decorated/...", "ctxcancel/ports/...", "ctxcancel/claimtx", "ctxcancel/fieldctx/...", "ctxcancel/portgate/...", "ctxcancel/stopports/...", "ctxcancel/dbtx", "ctxcancel/dbtxports/...", "ctxcancel/keepsinput",
	)
}

func TestFixes(t *testing.T) {
	dir, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	analysistest.RunWithSuggestedFixes(t, dir, ctxcancel.Analyzer, "ctxcancel/mixed")
}

func TestFlags(t *testing.T) {
	dir, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	for name, v := range map[string]string{
		"publishsinks": "ctxcancel/flags.Outbox.Send",
		"txsinks":      "ctxcancel/flags.Finish",
		"detachers":    "ctxcancel/flags.Detach",
	} {
		if err := ctxcancel.Analyzer.Flags.Set(name, v); err != nil {
			t.Fatal(err)
		}
	}
	analysistest.Run(t, dir, ctxcancel.Analyzer, "ctxcancel/flags")
}

func TestCallerStops(t *testing.T) {
	dir, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	if err := ctxcancel.Analyzer.Flags.Set("callerstops", "true"); err != nil {
		t.Fatal(err)
	}
	defer ctxcancel.Analyzer.Flags.Set("callerstops", "false")
	analysistest.Run(t, dir, ctxcancel.Analyzer, "ctxcancel/callerstops/...")
}
