// Package analyzers lists idemlint's analyzers in one place. Every driver
// (cmd/idemlint, the go vet tool, the golangci-lint plugin, nogo) takes its
// list from here.
package analyzers

import (
	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/internal/safe"

	"github.com/idemlint/idemlint/analyzers/ctxcancel"
	"github.com/idemlint/idemlint/analyzers/httpintx"
	"github.com/idemlint/idemlint/analyzers/offsetorder"
	"github.com/idemlint/idemlint/analyzers/onconflict"
	"github.com/idemlint/idemlint/analyzers/uuidinretry"
)

// All returns idemlint's analyzers, sorted by name. Their Run functions
// (and those of the fact analyzers they require) turn a panic into an error.
func All() []*analysis.Analyzer {
	return safe.Wrap(all()...)
}

func all() []*analysis.Analyzer {
	return []*analysis.Analyzer{
		ctxcancel.Analyzer,
		httpintx.Analyzer,
		offsetorder.Analyzer,
		onconflict.Analyzer,
		uuidinretry.Analyzer,
	}
}
