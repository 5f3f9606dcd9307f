package plugin_test

import (
	"strings"
	"testing"

	"github.com/golangci/plugin-module-register/register"

	"github.com/idemlint/idemlint/analyzers"
	_ "github.com/idemlint/idemlint/plugin"
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
	as, err := p.BuildAnalyzers()
	if err != nil {
		t.Fatal(err)
	}
	if len(as) != len(analyzers.All()) {
		t.Errorf("%d analyzers, want the whole suite (%d)", len(as), len(analyzers.All()))
	}
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
	as, _ := p.BuildAnalyzers()
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
