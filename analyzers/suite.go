// Package analyzers lists idemlint's analyzers in one place. Every driver
// (cmd/idemlint, the go vet tool, the golangci-lint plugin, nogo) takes its
// list from here.
package analyzers

import (
	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/analyzers/uuidinretry"
)

// All returns idemlint's analyzers, sorted by name.
func All() []*analysis.Analyzer {
	return []*analysis.Analyzer{
		uuidinretry.Analyzer,
	}
}
