package calls

import (
	"slices"

	"golang.org/x/tools/go/analysis"
)

// WiredSet is the set of pending sites (see wiring.go) that the analysed
// package's dependencies completed and reported — read from their package
// facts of an analyzer's own type — plus those this package completes, so
// that each site is reported once, by the first package that can.
type WiredSet struct {
	done  map[string]bool
	added []string
}

// ReadWired collects the sites listed by the package facts of pass's
// dependencies; sites returns those of one fact (nil for a fact of
// another type).
func ReadWired(pass *analysis.Pass, sites func(analysis.Fact) []string) *WiredSet {
	w := &WiredSet{done: make(map[string]bool)}
	for _, f := range pass.AllPackageFacts() {
		for _, s := range sites(f.Fact) {
			w.done[s] = true
		}
	}
	return w
}

// Done reports whether site id was completed already.
func (w *WiredSet) Done(id string) bool { return w.done[id] }

// Add records that this package completes site id.
func (w *WiredSet) Add(id string) {
	if !w.done[id] {
		w.done[id] = true
		w.added = append(w.added, id)
	}
}

// Added returns the sites this package completed, sorted; nil for none
// (then no package fact is needed).
func (w *WiredSet) Added() []string {
	if len(w.added) == 0 {
		return nil
	}
	out := slices.Clone(w.added)
	slices.Sort(out)
	return out
}
