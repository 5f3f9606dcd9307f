package driver_test

import (
	"path/filepath"
	"slices"
	"testing"

	"github.com/idemlint/idemlint/analyzers"
	"github.com/idemlint/idemlint/internal/driver"
)

// Restricting analyzers to the packages that can report (MayReport) finds
// what the full-graph mode finds, which runs every analyzer everywhere.
func TestMayReportDifferential(t *testing.T) {
	if testing.Short() {
		t.Skip("loads the examples module twice")
	}
	dir, _ := filepath.Abs("../../examples")
	o := driver.Options{Dir: dir, Tests: true, MayReport: analyzers.MayReport}
	fast := summary(dir, run(t, o, analyzers.All(), "./..."))
	o.FullGraph = true
	full := summary(dir, run(t, o, analyzers.All(), "./..."))
	if len(fast) == 0 {
		t.Fatal("no findings at all")
	}
	if !slices.Equal(fast, full) {
		t.Errorf("restricted fast and full-graph findings differ\nfast: %q\nfull: %q", fast, full)
	}
}

// BenchmarkExamples runs every analyzer through the fast driver on the
// examples module (go test -bench Examples ./internal/driver): loading
// included, so a regression in either shows.
func BenchmarkExamples(b *testing.B) {
	dir, _ := filepath.Abs("../../examples")
	o := driver.Options{Dir: dir, Tests: true, MayReport: analyzers.MayReport}
	for b.Loop() {
		res, err := driver.Run(o, analyzers.All(), []string{"./..."})
		if err != nil {
			b.Fatal(err)
		}
		if len(res.Findings) == 0 {
			b.Fatal("no findings")
		}
	}
}
