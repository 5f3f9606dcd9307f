package analyzers

import (
	"go/types"
	"slices"

	"github.com/idemlint/idemlint/analyzers/ctxcancel"
	"github.com/idemlint/idemlint/analyzers/dualwrite"
	"github.com/idemlint/idemlint/analyzers/offsetorder"
	"github.com/idemlint/idemlint/analyzers/skipcommit"
	"github.com/idemlint/idemlint/analyzers/uuidinretry"
	"github.com/idemlint/idemlint/internal/consume"
)

// mayReport holds, by analyzer name, the test that tells the packages an
// analyzer can report in, for the analyzers that can only report in some.
var mayReport = map[string]func(*types.Package) bool{
	dualwrite.Analyzer.Name:   dualwrite.MayReport,
	offsetorder.Analyzer.Name: offsetorder.MayReport,
	skipcommit.Analyzer.Name:  skipcommit.MayReport,
}

// consumeLoopsOnly names the analyzers that may report anywhere but ask
// the consume layer only about the project's consume loops (its
// RunsHandler and CommitsOnRead facts), which arise only where a Kafka
// client is within reach, and so in packages that import such a package.
var consumeLoopsOnly = map[string]bool{
	ctxcancel.Analyzer.Name:   true,
	uuidinretry.Analyzer.Name: true,
}

// The consume layer serves only the analyzers that require it: it may be
// skipped where all of them are (if each has a test).
func init() {
	var served []func(*types.Package) bool
	for _, a := range All() {
		if slices.Contains(a.Requires, consume.Analyzer) {
			may := mayReport[a.Name]
			if may == nil && consumeLoopsOnly[a.Name] {
				may = consume.Consumers.MayReach
			}
			if may == nil {
				return // one of them may report anywhere
			}
			served = append(served, may)
		}
	}
	mayReport[consume.Analyzer.Name] = func(p *types.Package) bool {
		return slices.ContainsFunc(served, func(may func(*types.Package) bool) bool { return may(p) })
	}
}

// MayReport returns, for the analyzer named name, the test that tells the
// packages it can report in; nil if it may report anywhere. A driver that
// knows every package it analyses (the standalone one) may skip the
// analyzer on packages that neither pass the test nor are imported by one
// that does: their facts could serve no finding.
func MayReport(name string) func(*types.Package) bool {
	return mayReport[name]
}
