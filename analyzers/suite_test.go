package analyzers_test

import (
	"flag"
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/idemlint/idemlint/analyzers"
)

// TestDocs holds every analyzer to the documentation conventions (x/tools
// style): a lowercase one-line summary without a trailing period, an
// explanation, the bad and the good form, and a URL.
func TestDocs(t *testing.T) {
	all := analyzers.All()
	if len(all) == 0 {
		t.Fatal("no analyzers")
	}
	var names []string
	for _, a := range all {
		names = append(names, a.Name)
		summary, rest, _ := strings.Cut(a.Doc, "\n")
		if summary == "" || unicode.IsUpper(rune(summary[0])) || strings.HasSuffix(summary, ".") {
			t.Errorf("%s: summary %q must be lowercase with no trailing period", a.Name, summary)
		}
		if !strings.Contains(rest, "Bad:") || !strings.Contains(rest, "Good:") {
			t.Errorf("%s: doc must show a Bad: and a Good: form", a.Name)
		}
		if !strings.HasPrefix(a.URL, "https://") || !strings.HasSuffix(a.URL, "/docs/"+a.Name+".md") {
			t.Errorf("%s: URL %q must point at docs/%s.md", a.Name, a.URL, a.Name)
		}
		a.Flags.VisitAll(func(f *flag.Flag) {
			if f.Usage == "" {
				t.Errorf("%s: flag -%s has no usage text", a.Name, f.Name)
			}
		})
		if a.Run == nil {
			t.Errorf("%s: no Run", a.Name)
		}
	}
	if !slices.IsSorted(names) {
		t.Errorf("analyzers are not sorted by name: %v", names)
	}
	if len(slices.Compact(slices.Clone(names))) != len(names) {
		t.Errorf("duplicate analyzer names: %v", names)
	}
}
