package onconflict

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"
)

// TestFlags checks that -writes and -norows-checks extend the defaults.
func TestFlags(t *testing.T) {
	dir, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	defer func() { extraWrites.Funcs, extraCheckers.Funcs = nil, nil }()
	if err := Analyzer.Flags.Set("writes", "onconflict/flags.mailer.Send"); err != nil {
		t.Fatal(err)
	}
	if err := Analyzer.Flags.Set("norows-checks", "onconflict/flags.looksDuplicate"); err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, Analyzer, "onconflict/flags")
}
