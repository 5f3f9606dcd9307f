// Package plugin is idemlint's golangci-lint v2 module plugin.
//
// Blank-import it next to golangci-lint's command (which `golangci-lint
// custom` does from .custom-gcl.yml) and configure it under
// linters.settings.custom.idemlint in .golangci.yml; its settings are those
// of .idemlint.yml (enable, disable, settings, exclude). golangci-lint runs
// the whole suite as one linter named idemlint: messages read
// "<analyzer>: ...", //nolint:idemlint silences every analyzer, and
// //idemlint:ignore <analyzer> <reason> or an exclusion rule on the text
// silences one.
package plugin

import (
	"fmt"

	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/analyzers"
	"github.com/idemlint/idemlint/internal/config"
)

// Name is the linter's name in golangci-lint.
const Name = "idemlint"

func init() {
	register.Plugin(Name, New)
}

// Plugin is the configured suite.
type Plugin struct {
	analyzers []*analysis.Analyzer
}

// New decodes golangci-lint's settings for the plugin and applies them to
// the analyzers. A wrong key, analyzer, setting or function name is an
// error that golangci-lint shows before it runs anything.
func New(settings any) (register.LinterPlugin, error) {
	cfg, err := register.DecodeSettings[config.File](settings)
	if err != nil {
		return nil, fmt.Errorf("idemlint settings: %v (the keys are enable, disable, settings, exclude)", err)
	}
	as, err := cfg.Apply(analyzers.All())
	if err != nil {
		return nil, err
	}
	return &Plugin{analyzers: as}, nil
}

// BuildAnalyzers returns the enabled analyzers.
func (p *Plugin) BuildAnalyzers() ([]*analysis.Analyzer, error) {
	return p.analyzers, nil
}

// GetLoadMode asks for type information: the analyzers need types and
// facts from dependencies.
func (p *Plugin) GetLoadMode() string {
	return register.LoadModeTypesInfo
}
