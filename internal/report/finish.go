package report

import (
	"fmt"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// Finish reports, under pass's analyzer, the problems of the
// //idemlint:ignore directives that concern it: one that names it but
// gives no reason (it silences nothing), one that names it but silenced
// none of its findings in this run (stale), and one that names an unknown
// analyzer closest in spelling to it (so that exactly one analyzer of the
// suite reports each misspelling). It must run after the analyzer's run
// has reported everything: safe.Run calls it, so no analyzer has to. It
// does nothing for an analyzer that does not require Analyzer.
//
// Stale directives are decided per package and per analyzer, which every
// driver can do: an analyzer that finds nothing in a package (or is
// skipped there, or returns early) leaves its directives there unused. A
// file in both a package and its test variant is judged in each.
func Finish(pass *analysis.Pass) {
	r, ok := pass.ResultOf[Analyzer].(*Result)
	if !ok {
		return
	}
	name := pass.Analyzer.Name
	known := knownAnalyzers()
	report := func(d *directive, msg string) {
		if r.shown(d.Pos, false) {
			pass.Report(analysis.Diagnostic{Pos: d.Pos, End: d.End, Category: "directive", Message: msg})
		}
	}
	for _, d := range r.dirs {
		if len(d.Names) == 0 {
			if len(known) > 0 && known[0] == name {
				report(d, fmt.Sprintf("//idemlint:ignore names no analyzer; write //idemlint:ignore <analyzer> <reason> with one of %s", strings.Join(known, ", ")))
			}
			continue
		}
		for _, n := range d.Names {
			if len(known) > 0 && !slices.Contains(known, n) && closest(n, known) == name {
				msg := fmt.Sprintf("//idemlint:ignore %s names unknown analyzer %q; the analyzers are %s", d.Written, n, strings.Join(known, ", "))
				if distance(n, name) <= 2 {
					msg = fmt.Sprintf("//idemlint:ignore %s names unknown analyzer %q; did you mean %s?", d.Written, n, name)
				}
				report(d, msg)
			}
		}
		if !d.names(name) {
			continue
		}
		switch {
		case d.Reason == "":
			report(d, fmt.Sprintf("//idemlint:ignore %s needs a reason after the analyzer names, e.g. //idemlint:ignore %s key is derived from the request upstream", d.Written, name))
		case !r.wasUsed(d, name):
			fix := "remove the directive"
			if len(d.Names) > 1 {
				fix = "remove " + name + " from it"
			}
			report(d, fmt.Sprintf("//idemlint:ignore %s silences no %s finding on its line or the next; %s", d.Written, name, fix))
		}
	}
}

func (r *Result) wasUsed(d *directive, analyzer string) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.used[use{d, analyzer}]
}

// closest returns the name of names (sorted) nearest to s in edit
// distance, the first one on a tie.
func closest(s string, names []string) string {
	best, bestD := "", -1
	for _, n := range names {
		if d := distance(s, n); bestD < 0 || d < bestD {
			best, bestD = n, d
		}
	}
	return best
}

// distance is the Levenshtein distance between a and b.
func distance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
