package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestBenchSmoke runs the bench command on a tiny module (testdata/tiny):
// the standalone modes and go vet's warm modes, plus golangci-lint's cold
// modes without -short (they need golangci-lint built with the plugin, as
// the plugin tests build it). It checks that every mode ran, that the
// ratios are computed against the right baselines and that the JSON and
// the table agree; it measures nothing.
func TestBenchSmoke(t *testing.T) {
	tmp := t.TempDir()
	bench := filepath.Join(tmp, "idemlint-bench")
	if out, err := exec.Command("go", "build", "-o", bench, ".").CombinedOutput(); err != nil {
		t.Fatalf("building the bench: %v\n%s", err, out)
	}
	repo, err := filepath.Abs(filepath.Join("..", "..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	tiny, err := filepath.Abs(filepath.Join("testdata", "tiny"))
	if err != nil {
		t.Fatal(err)
	}
	before, err := os.ReadFile(filepath.Join(tiny, "shop", "shop.go"))
	if err != nil {
		t.Fatal(err)
	}
	modes := []string{"floor", "idemlint", "vet-warm", "vettool-warm"}
	if !testing.Short() {
		modes = append(modes, "gcl-factfree-cold", "gcl-idemlint-cold")
	}
	jsonFile := filepath.Join(tmp, "bench.json")
	cmd := exec.Command(bench, "-repo", repo, "-n", "1", "-modes", strings.Join(modes, ","), "-json", jsonFile, tiny, "./...")
	cmd.Env = append(os.Environ(), "GOFLAGS=")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("bench: %v\n%s\n%s", err, out, stderrOf(err))
	}

	// The warm modes edit a file and must put it back.
	if after, err := os.ReadFile(filepath.Join(tiny, "shop", "shop.go")); err != nil || string(after) != string(before) {
		t.Errorf("testdata/tiny/shop/shop.go not restored after the warm runs (%v)", err)
	}

	var results []Result
	data, err := os.ReadFile(jsonFile)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &results); err != nil {
		t.Fatalf("bench JSON: %v\n%s", err, data)
	}
	if len(results) != len(modes) {
		t.Fatalf("bench JSON has %d results, want %d (%v)", len(results), len(modes), modes)
	}
	bases := map[string]string{"idemlint": "floor", "vettool-warm": "vet-warm", "gcl-idemlint-cold": "gcl-factfree-cold"}
	for i, r := range results {
		if r.Mode != modes[i] {
			t.Errorf("result %d is %q, want %q", i, r.Mode, modes[i])
		}
		if len(r.Runs) != 1 || r.WallS <= 0 || r.PeakRSSMB <= 0 {
			t.Errorf("%s: runs %v, wall %v s, peak %v MB: want one positive measurement", r.Mode, r.Runs, r.WallS, r.PeakRSSMB)
		}
		if base, ok := bases[r.Mode]; ok && (r.Base != base || r.WallRatio <= 0 || r.RSSRatio <= 0) {
			t.Errorf("%s: base %q, × wall %v, × RSS %v; want ratios to %s", r.Mode, r.Base, r.WallRatio, r.RSSRatio, base)
		}
		if !strings.Contains(string(out), "| "+r.Mode+" |") {
			t.Errorf("the table has no row for %s:\n%s", r.Mode, out)
		}
	}
	// go vet found the finding in both warm modes: exit status 1.
	for _, r := range results {
		if r.Mode == "vettool-warm" && r.ExitStatus != 1 {
			t.Errorf("go vet -vettool=idemlint on the tiny module exited %d, want 1 (its httpintx finding)", r.ExitStatus)
		}
	}
}

func stderrOf(err error) string {
	if ee, ok := err.(*exec.ExitError); ok {
		return string(ee.Stderr)
	}
	return ""
}
