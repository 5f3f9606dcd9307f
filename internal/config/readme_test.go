package config_test

import (
	"os"
	"strings"
	"testing"

	"github.com/idemlint/idemlint/analyzers"
	"github.com/idemlint/idemlint/internal/config"
)

// The README's example configuration is valid for the real analyzers.
func TestREADMEExample(t *testing.T) {
	data, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, rest, ok := strings.Cut(string(data), "## Configuration: `.idemlint.yml`")
	if !ok {
		t.Fatal("README has no configuration section")
	}
	_, rest, ok = strings.Cut(rest, "```yaml\n")
	block, _, ok2 := strings.Cut(rest, "```")
	if !ok || !ok2 {
		t.Fatal("the configuration section has no yaml block")
	}
	f, err := config.Parse([]byte(block), "README.md")
	if err != nil {
		t.Fatal(err)
	}
	enabled, err := f.Apply(analyzers.All())
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range enabled {
		if a.Name == "httpintx" {
			t.Error("httpintx is enabled although the example disables it")
		}
	}
	if !f.Excluded("internal/legacy/x.go") || !f.Excluded("a/mocks/m.go") || !f.Excluded("x/y_gen.go") || f.Excluded("main.go") {
		t.Error("the example's exclude patterns do not do what the README says")
	}
}
