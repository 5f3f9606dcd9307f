package testutil

import (
	"fmt"
	"reflect"
	"regexp"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
)

// analysistest checks the diagnostics and the facts of the one analyzer it
// runs, and reports every "// want" expectation left unmatched. When the
// facts of a case belong to an analyzer it requires (consume's
// CommitsOffset and DurableWork, expected in offsetorder's cases), the
// case is run twice: the analyzer with WithoutFacts, the fact analyzer with
// OnlyFacts, each blind to exactly the expectations the other checks.

// unmatched is the error analysistest reports for an expectation nothing
// matched: "file:line: no fact was reported matching `rx`".
var unmatched = regexp.MustCompile(`: no (fact|diagnostic) was reported matching (.+)$`)

// WithoutFacts returns t minus the reports of unmatched expectations of
// the facts of a (the analyzer that owns them).
func WithoutFacts(t analysistest.Testing, a *analysis.Analyzer) analysistest.Testing {
	prefixes := factPrefixes(a)
	return filtered{t, func(kind, rx string) bool { return kind == "fact" && hasPrefix(rx, prefixes) }}
}

// OnlyFacts returns t minus the reports of unmatched expectations other
// than the facts of a: for a fact analyzer run on the cases of the
// analyzers that require it.
func OnlyFacts(t analysistest.Testing, a *analysis.Analyzer) analysistest.Testing {
	prefixes := factPrefixes(a)
	return filtered{t, func(kind, rx string) bool { return kind != "fact" || !hasPrefix(rx, prefixes) }}
}

// factPrefixes returns how the expectations of a's facts begin: each fact
// type's String up to its first parenthesis ("commitsOffset").
func factPrefixes(a *analysis.Analyzer) []string {
	var out []string
	for _, f := range a.FactTypes {
		zero := reflect.New(reflect.TypeOf(f).Elem()).Interface()
		name, _, _ := strings.Cut(fmt.Sprint(zero), "(")
		out = append(out, name)
	}
	return out
}

func hasPrefix(s string, prefixes []string) bool {
	for _, p := range prefixes {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	return false
}

// filtered passes on every error but the unmatched expectations drop
// accepts.
type filtered struct {
	t    analysistest.Testing
	drop func(kind, rx string) bool
}

func (f filtered) Errorf(format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	if m := unmatched.FindStringSubmatch(msg); m != nil {
		rx, err := strconv.Unquote(m[2])
		if err == nil && f.drop(m[1], rx) {
			return
		}
	}
	f.t.Errorf("%s", msg)
}
