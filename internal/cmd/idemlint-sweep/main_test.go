package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/idemlint/idemlint/analyzers"
)

// sweepHeader is the header of the per-repository table: one column per
// analyzer of the suite, so that a new analyzer needs no edit here.
func sweepHeader() string {
	h := "| repo | modules | packages |"
	for _, a := range analyzers.All() {
		h += " " + a.Name + " |"
	}
	return h + " tool errors | wall |"
}

// sweepRow is a row of that table up to the wall column: found gives the
// analyzers with findings, every other analyzer counts 0.
func sweepRow(repo string, modules, packages int, found map[string]int, toolErrors int) string {
	r := fmt.Sprintf("| %s | %d | %d |", repo, modules, packages)
	for _, a := range analyzers.All() {
		r += fmt.Sprintf(" %d |", found[a.Name])
	}
	return r + fmt.Sprintf(" %d |", toolErrors)
}

// TestSweep runs the command on the local repositories of testdata (no
// network: GOPROXY=off, modules without dependencies) and checks the
// table, the JSON and the triage scoring, then -diff on two JSON files.
func TestSweep(t *testing.T) {
	t.Setenv("GOPROXY", "off")
	gocache, err := exec.Command("go", "env", "GOCACHE").Output()
	if err != nil {
		t.Fatal(err)
	}
	root, _ := filepath.Abs("testdata")
	out := t.TempDir()
	var stdout, stderr bytes.Buffer
	code := run([]string{"-root", root, "-out", out, "-j", "2", "-gocache", strings.TrimSpace(string(gocache)),
		"-triage", "testdata/triage.tsv", "testdata/repos.txt"}, &stdout, &stderr)
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, &stderr)
	}
	sf, err := readSweepJSON(filepath.Join(out, "sweep.json"))
	if err != nil {
		t.Fatal(err)
	}
	checkJSON(t, sf)
	md, err := os.ReadFile(filepath.Join(out, "sweep.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		sweepHeader(),
		sweepRow("example/shop", 2, 2, map[string]int{"ctxcancel": 1, "httpintx": 1, "uuidinretry": 1}, 0),
		sweepRow("example/ledger", 1, 1, map[string]int{"onconflict": 1}, 0),
		sweepRow("example/broken", 1, 1, nil, 1),
		sweepRow("**total**", 4, 4, map[string]int{"ctxcancel": 1, "httpintx": 1, "onconflict": 1, "uuidinretry": 1}, 1),
		"- example/broken: .: idemlint: package example.com/broken does not load or type-check",
		// analyzer | findings | TP | FP | untriaged | misses found | precision | recall
		"| ctxcancel | 1 | 0 | 0 | 0 | 1/1 | n/a | 1/1 = 100% |",
		"| httpintx | 1 | 0 | 1 | 0 | 0/0 | 0/1 = 0% | n/a |",
		"| offsetorder | 0 | 0 | 0 | 0 | 0/0 | n/a | n/a |",
		"| onconflict | 1 | 0 | 0 | 1 | 0/1 | n/a | 0/1 = 0% |",
		"| uuidinretry | 1 | 1 | 0 | 0 | 0/0 | 1/1 = 100% | 1/1 = 100% |",
		"| **all** | 4 | 1 | 1 | 1 | 1/2 | 1/2 = 50% | 2/3 = 67% |",
		"### Untriaged findings\n\n- example/ledger `claim.go:15:12` onconflict: ",
		"### Misses now found\n\n- example/shop `relay/relay.go:22` ctxcancel (signal-ctx-batch)",
		"### Misses still missed\n\n- example/ledger `claim.go:33` onconflict (test-only)",
	} {
		if !strings.Contains(string(md), want) {
			t.Errorf("sweep.md lacks %q", want)
		}
	}
	// Every analyzer without findings or triage lines has a row of zeros.
	for _, a := range analyzers.All() {
		switch a.Name {
		case "ctxcancel", "httpintx", "onconflict", "uuidinretry":
		default:
			if row := "| " + a.Name + " | 0 | 0 | 0 | 0 | 0/0 | n/a | n/a |"; !strings.Contains(string(md), row) {
				t.Errorf("sweep.md lacks %q", row)
			}
		}
	}
	for _, unwanted := range []string{"Correct forms", "TP lines no longer reported", "example/elsewhere"} {
		if strings.Contains(string(md), unwanted) {
			t.Errorf("sweep.md has %q", unwanted)
		}
	}
	if t.Failed() {
		t.Logf("sweep.md:\n%s", md)
	}
	testDiff(t, sf)
}

func checkJSON(t *testing.T, sf sweepFile) {
	t.Helper()
	type want struct {
		modules   string
		findings  []string // analyzer file:line
		toolError string
	}
	wants := map[string]want{
		"example/shop":   {".,relay", []string{"uuidinretry pay.go:18", "httpintx pay.go:39", "ctxcancel relay/relay.go:24"}, ""},
		"example/ledger": {".", []string{"onconflict claim.go:15"}, ""},
		"example/broken": {".", nil, "undefined: undefinedName"},
	}
	if len(sf.Repos) != len(wants) {
		t.Fatalf("sweep.json has %d repositories, want %d", len(sf.Repos), len(wants))
	}
	for i, name := range []string{"example/shop", "example/ledger", "example/broken"} {
		r, w := sf.Repos[i], wants[name]
		if r.Repo != name {
			t.Errorf("repository %d is %s, want %s (list order)", i, r.Repo, name)
			continue
		}
		if got := strings.Join(r.Modules, ","); got != w.modules {
			t.Errorf("%s: modules %s, want %s", name, got, w.modules)
		}
		var got []string
		for _, f := range r.Findings {
			got = append(got, f.Analyzer+" "+f.File+":"+strconv.Itoa(f.Line))
		}
		if strings.Join(got, "; ") != strings.Join(w.findings, "; ") {
			t.Errorf("%s: findings %q, want %q", name, got, w.findings)
		}
		switch {
		case w.toolError == "" && len(r.ToolErrors) > 0:
			t.Errorf("%s: unexpected tool errors %q", name, r.ToolErrors)
		case w.toolError != "" && (len(r.ToolErrors) != 1 || !strings.Contains(r.ToolErrors[0], w.toolError)):
			t.Errorf("%s: tool errors %q, want one with %q", name, r.ToolErrors, w.toolError)
		}
		if r.Commit == "" || r.Head != "" || r.WallSeconds <= 0 {
			t.Errorf("%s: commit %q, head %q, wall %v: want the listed commit, no head (not a checkout), a wall time", name, r.Commit, r.Head, r.WallSeconds)
		}
	}
}

// testDiff runs -diff between sweep.json (NEW) and a changed copy (OLD):
// the uuidinretry finding two lines higher, the onconflict one absent and
// an extra finding that is gone.
func testDiff(t *testing.T, cur sweepFile) {
	t.Helper()
	var old sweepFile
	old.Analyzers = cur.Analyzers
	for _, r := range cur.Repos {
		r.Findings = append([]finding(nil), r.Findings...)
		old.Repos = append(old.Repos, r)
	}
	old.Repos[0].Findings[0].Line -= 2
	old.Repos[0].Findings = append(old.Repos[0].Findings, finding{"httpintx", "gone.go", 7, 1, "an old finding"})
	old.Repos[1].Findings = nil
	dir := t.TempDir()
	oldPath, newPath := filepath.Join(dir, "old.json"), filepath.Join(dir, "new.json")
	if err := writeSweepJSON(oldPath, old); err != nil {
		t.Fatal(err)
	}
	if err := writeSweepJSON(newPath, cur); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	if code := run([]string{"-diff", oldPath, newPath}, &stdout, &stderr); code != 0 {
		t.Fatalf("-diff: exit %d\n%s", code, &stderr)
	}
	want := "== example/shop: 0 new, 1 gone, 1 moved\n" +
		"- httpintx gone.go:7: an old finding\n" +
		"~ uuidinretry pay.go:16 -> 18: rand.Text in retry loop"
	want2 := "== example/ledger: 1 new, 0 gone, 0 moved\n+ onconflict claim.go:15: QueryRowContext"
	got := stdout.String()
	if !strings.Contains(got, want) || !strings.Contains(got, want2) || strings.Contains(got, "example/broken") {
		t.Errorf("-diff printed\n%s\nwant sections\n%s\n...\n%s\n... and none for example/broken", got, want, want2)
	}
}
