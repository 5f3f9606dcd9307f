package plugin_test

import (
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/analyzers"
	"github.com/idemlint/idemlint/plugin"
)

// newPlugin goes through the registry, as golangci-lint does.
func newPlugin(t *testing.T, settings any) (register.LinterPlugin, error) {
	t.Helper()
	p, err := register.GetPlugin("idemlint")
	if err != nil {
		t.Fatal(err)
	}
	return p(settings)
}

func TestRegistered(t *testing.T) {
	p, err := newPlugin(t, nil) // no settings at all
	if err != nil {
		t.Fatal(err)
	}
	if p.GetLoadMode() != register.LoadModeTypesInfo {
		t.Errorf("load mode %q, want %q", p.GetLoadMode(), register.LoadModeTypesInfo)
	}
	if n := len(enabled(t, p)); n != len(analyzers.All()) {
		t.Errorf("%d analyzers, want the whole suite (%d)", n, len(analyzers.All()))
	}
	built, err := p.BuildAnalyzers()
	if err != nil {
		t.Fatal(err)
	}
	if len(built) != 1 || built[0].Name != plugin.Name || len(built[0].FactTypes) == 0 {
		t.Fatalf("BuildAnalyzers gives %v, want one analyzer named %s with the suite's facts", built, plugin.Name)
	}
	if err := analysis.Validate(built); err != nil {
		t.Errorf("the bundle does not validate: %v", err)
	}
}

// enabled returns the analyzers the plugin runs (bundled).
func enabled(t *testing.T, p register.LinterPlugin) []*analysis.Analyzer {
	t.Helper()
	pp, ok := p.(*plugin.Plugin)
	if !ok {
		t.Fatalf("plugin of type %T", p)
	}
	return pp.Enabled()
}

func TestSettings(t *testing.T) {
	all := analyzers.All()
	if len(all) < 2 {
		t.Skip("needs two analyzers")
	}
	// Settings as golangci-lint hands them over: YAML decoded into maps.
	p, err := newPlugin(t, map[string]any{
		"disable": []any{all[0].Name},
	})
	if err != nil {
		t.Fatal(err)
	}
	as := enabled(t, p)
	for _, a := range as {
		if a.Name == all[0].Name {
			t.Errorf("%s runs although disabled", a.Name)
		}
	}
	if len(as) != len(all)-1 {
		t.Errorf("%d analyzers, want %d", len(as), len(all)-1)
	}
}

func TestSettingsErrors(t *testing.T) {
	for _, tc := range []struct {
		settings any
		want     []string
	}{
		{map[string]any{"enabel": []any{"x"}}, []string{"idemlint settings", `unknown field "enabel"`, "enable, disable, settings, exclude"}},
		{map[string]any{"enable": "uuidinretry"}, []string{"idemlint settings"}},
		{map[string]any{"enable": []any{"nope"}}, []string{`enable[0]: unknown analyzer "nope"`, "uuidinretry"}},
		{map[string]any{"settings": map[string]any{"uuidinretry": map[string]any{"generators": []any{"uuid"}}}},
			[]string{"settings.uuidinretry.generators", `"uuid" is not of the form`}},
		{map[string]any{"settings": map[string]any{"uuidinretry": map[string]any{"nope": 1}}},
			[]string{`settings.uuidinretry.nope`, "generators"}},
	} {
		_, err := newPlugin(t, tc.settings)
		if err == nil {
			t.Errorf("%v: no error", tc.settings)
			continue
		}
		for _, w := range tc.want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("%v: error %q does not contain %q", tc.settings, err, w)
			}
		}
	}
}

// `config: FILE` reads a .idemlint.yml; with no settings the file found
// from the working directory applies; config next to other keys is an error.
func TestConfigFile(t *testing.T) {
	all := analyzers.All()
	dir := t.TempDir()
	file := filepath.Join(dir, ".idemlint.yml")
	if err := os.WriteFile(file, []byte("disable: ["+all[0].Name+"]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	count := func(settings any) int {
		t.Helper()
		p, err := newPlugin(t, settings)
		if err != nil {
			t.Fatal(err)
		}
		return len(enabled(t, p))
	}
	if n := count(map[string]any{"config": file}); n != len(all)-1 {
		t.Errorf("config: %s: %d analyzers, want %d", file, n, len(all)-1)
	}
	t.Chdir(dir)
	if n := count(nil); n != len(all)-1 {
		t.Errorf("no settings, .idemlint.yml in the working directory: %d analyzers, want %d", n, len(all)-1)
	}
	if n := count(map[string]any{"enable": []any{all[1].Name}}); n != 1 {
		t.Errorf("inline settings: %d analyzers, want 1 (the file does not apply)", n)
	}
	if _, err := newPlugin(t, map[string]any{"config": file, "disable": []any{all[1].Name}}); err == nil || !strings.Contains(err.Error(), "give the other keys there") {
		t.Errorf("config with other keys: err = %v", err)
	}
	if _, err := newPlugin(t, map[string]any{"config": filepath.Join(dir, "nope.yml")}); err == nil {
		t.Error("config naming a missing file: no error")
	}
}

// Related locations are folded into the message (golangci-lint would make
// each an issue of its own, which //nolint on the finding leaves behind).
func TestFoldMessage(t *testing.T) {
	got := plugin.FoldMessage("http call inside the transaction", []plugin.Related{
		{Posn: token.Position{Filename: "/x/consumer.go", Line: 27}, Message: "\tthe transaction begins here"},
		{Posn: token.Position{Filename: "/x/other.go", Line: 3}, Message: "the retry"},
	})
	want := "http call inside the transaction (related: consumer.go:27: the transaction begins here; other.go:3: the retry)"
	if got != want {
		t.Errorf("got %q\nwant %q", got, want)
	}
}
