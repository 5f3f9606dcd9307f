// Package plugin is idemlint's golangci-lint v2 module plugin.
//
// Blank-import it next to golangci-lint's command (which `golangci-lint
// custom` does from .custom-gcl.yml) and configure it under
// linters.settings.custom.idemlint in .golangci.yml; its settings are those
// of .idemlint.yml (enable, disable, settings, exclude). golangci-lint runs
// the whole suite as one linter named idemlint: messages read
// "<analyzer>: ...", with the finding's related locations folded into the
// message, //nolint:idemlint silences every analyzer, and
// //idemlint:ignore <analyzer> <reason> or an exclusion rule on the text
// silences one. `config: FILE` in the settings reads a .idemlint.yml.
package plugin

import (
	"fmt"
	"os"

	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/analyzers"
	"github.com/idemlint/idemlint/internal/bundle"
	"github.com/idemlint/idemlint/internal/config"
)

// Name is the linter's name in golangci-lint.
const Name = "idemlint"

func init() {
	register.Plugin(Name, New)
}

// Plugin is the configured suite.
type Plugin struct {
	analyzers []*analysis.Analyzer // the enabled analyzers of the suite
	bundle    *analysis.Analyzer   // them, as one
}

// New decodes golangci-lint's settings for the plugin and applies them to
// the analyzers. A wrong key, analyzer, setting or function name is an
// error that golangci-lint shows before it runs anything.
//
// The settings are the keys of .idemlint.yml, or `config: FILE`, which
// names a .idemlint.yml to read instead (relative to the directory
// golangci-lint runs in). With no settings at all, the .idemlint.yml found
// in that directory or a parent applies, as for the command.
func New(settings any) (register.LinterPlugin, error) {
	f, err := settingsFile(settings)
	if err != nil {
		return nil, err
	}
	as, err := f.Apply(analyzers.All())
	if err != nil {
		return nil, err
	}
	folded := foldRelated(as)
	return &Plugin{analyzers: folded, bundle: bundle.New(Name, bundleDoc, folded)}, nil
}

// settingsFile returns the configuration the settings give.
func settingsFile(settings any) (*config.File, error) {
	m, _ := settings.(map[string]any)
	path := ""
	if v, ok := m["config"]; ok {
		s, ok := v.(string)
		if !ok || s == "" {
			return nil, fmt.Errorf("idemlint settings: config: want the name of a .idemlint.yml file, got %v", v)
		}
		if len(m) > 1 {
			return nil, fmt.Errorf("idemlint settings: config names %s: give the other keys there, not next to it", s)
		}
		path = s
	}
	if path == "" && len(m) == 0 {
		wd, err := os.Getwd()
		if err != nil {
			return nil, err
		}
		if path, err = config.Find(wd); err != nil {
			return nil, fmt.Errorf("idemlint: %v", err)
		}
	}
	if path != "" {
		return config.Load(path)
	}
	cfg, err := register.DecodeSettings[config.File](settings)
	if err != nil {
		return nil, fmt.Errorf("idemlint settings: %v (the keys are config, enable, disable, settings, exclude)", err)
	}
	return &cfg, nil
}

// bundleDoc is the bundle's doc, as golangci-lint shows it.
const bundleDoc = "idemlint: bugs that make a retried or interrupted operation charge twice or lose an event (https://github.com/idemlint/idemlint)"

// Enabled returns the enabled analyzers, which BuildAnalyzers runs as one.
func (p *Plugin) Enabled() []*analysis.Analyzer { return p.analyzers }

// BuildAnalyzers returns the enabled analyzers bundled into one, named
// idemlint (internal/bundle): golangci-lint runs an analyzer with facts
// on every dependency, one action each, and thirteen such actions per
// dependency cost more than the analysis; one action per package does not.
// Issue texts stay "<analyzer>: <message>", as for an unbundled suite.
func (p *Plugin) BuildAnalyzers() ([]*analysis.Analyzer, error) {
	return []*analysis.Analyzer{p.bundle}, nil
}

// GetLoadMode asks for type information: the analyzers need types and
// facts from dependencies.
func (p *Plugin) GetLoadMode() string {
	return register.LoadModeTypesInfo
}
