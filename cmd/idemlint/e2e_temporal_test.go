package main_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/idemlint/idemlint/internal/testutil"
)

// TestExamplesTemporal runs the binary on the Temporal examples, a module of
// their own (examples/temporal, joined by go.work): the SDK and its gRPC
// and protobuf dependencies take minutes to load, so -short skips it. One
// run covers bad/ (its want markers) and good/ (no finding).
func TestExamplesTemporal(t *testing.T) {
	if testing.Short() {
		t.Skip("loads the Temporal SDK")
	}
	bin := idemlintBinary(t)
	root := repoRoot(t)
	stdout, stderr, code := runTool(t, bin, "./examples/temporal/...")
	if code != 3 {
		t.Fatalf("exit code %d, want 3\nstderr: %s", code, stderr)
	}
	got := findingsOf(t, stdout)
	for _, f := range got {
		if strings.HasPrefix(f, filepath.Join("examples", "temporal", "good")) {
			t.Errorf("finding in a good example: %s", f)
		}
	}
	diffFindings(t, got, testutil.Markers(t, root, filepath.Join(root, "examples", "temporal", "bad"), nil))
}
