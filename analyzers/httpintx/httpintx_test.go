package httpintx_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/idemlint/idemlint/analyzers/httpintx"
)

func Test(t *testing.T) {
	dir, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	if err := httpintx.Analyzer.Flags.Set("network-calls", "httpintx/custom.Client.Send"); err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, httpintx.Analyzer, "httpintx/...")
}
