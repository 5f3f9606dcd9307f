package calls

import (
	"fmt"
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

// WiredSites is the body of every analyzer's Wired package fact: the
// pending sites a package completed and reported. Each analyzer declares
// its own fact type embedding it (a fact type belongs to one analyzer):
//
//	type Wired struct{ calls.WiredSites }
//	func (*Wired) AFact() {}
type WiredSites struct {
	Sites []string // site ids, e.g. "import/path:checkout.go:30"
}

func (w *WiredSites) String() string { return fmt.Sprintf("wired(%d)", len(w.Sites)) }

// wiredSites returns the sites of the fact.
func (w *WiredSites) wiredSites() []string { return w.Sites }

// ReadWired collects the sites listed by the Wired package facts (those
// embedding WiredSites) of pass's dependencies.
func ReadWired(pass *analysis.Pass) *WiredSet {
	w := &WiredSet{done: make(map[string]bool)}
	for _, f := range pass.AllPackageFacts() {
		if wf, ok := f.Fact.(interface{ wiredSites() []string }); ok {
			for _, s := range wf.wiredSites() {
				w.done[s] = true
			}
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
