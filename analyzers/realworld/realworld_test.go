package realworld_test

import (
	"path/filepath"
	"sort"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/idemlint/idemlint/analyzers"
	"github.com/idemlint/idemlint/internal/consume"
	"github.com/idemlint/idemlint/internal/testutil"
)

// shape is one case: the analyzer it belongs to, its directory under
// testdata/src/realworld/<analyzer>/, and, while the analyzer does not yet
// get it right, the issue that will (the case is then skipped, with that
// reason, so that the suite stays green and the gap stays visible).
type shape struct {
	analyzer string
	dir      string
	pending  string
}

// shapes is filled by the cases_*_test.go files, one per sweep batch.
var shapes []shape

func TestShapes(t *testing.T) {
	dir, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	byName := map[string]*analysis.Analyzer{}
	for _, a := range analyzers.All() {
		byName[a.Name] = a
	}
	sort.Slice(shapes, func(i, j int) bool {
		if shapes[i].analyzer != shapes[j].analyzer {
			return shapes[i].analyzer < shapes[j].analyzer
		}
		return shapes[i].dir < shapes[j].dir
	})
	for _, s := range shapes {
		t.Run(s.analyzer+"/"+s.dir, func(t *testing.T) {
			a := byName[s.analyzer]
			if a == nil {
				t.Fatalf("no analyzer named %q", s.analyzer)
			}
			if s.pending != "" {
				t.Skip("pending: " + s.pending)
			}
			// The facts of the consume summaries are checked by its test.
			analysistest.Run(testutil.WithoutFacts(t, consume.Analyzer), dir, a, "realworld/"+s.analyzer+"/"+s.dir+"/...")
		})
	}
}
