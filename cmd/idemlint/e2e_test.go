package main_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/idemlint/idemlint/internal/testutil"
)

// The end-to-end tests build the real binary and run it on examples/, which
// compiles against the real libraries (a separate module joined by go.work),
// so stubs that drifted from the libraries cannot hide a miss.

var (
	buildOnce sync.Once
	binPath   string
	buildErr  error
)

func idemlintBinary(t *testing.T) string {
	t.Helper()
	buildOnce.Do(func() {
		dir, err := os.MkdirTemp("", "idemlint-e2e")
		if err != nil {
			buildErr = err
			return
		}
		binPath = filepath.Join(dir, "idemlint")
		out, err := exec.Command("go", "build", "-o", binPath, ".").CombinedOutput()
		if err != nil {
			buildErr = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	return binPath
}

func repoRoot(t *testing.T) string {
	t.Helper()
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	return root
}

// runTool runs a command in the repository root and returns its stdout,
// stderr and exit code.
func runTool(t *testing.T, name string, args ...string) (string, string, int) {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = repoRoot(t)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	code := 0
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		code = exit.ExitCode()
	} else if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return stdout.String(), stderr.String(), code
}

// expectedFindings reads the "// want: analyzer" markers of examples/bad.
func expectedFindings(t *testing.T) []string {
	t.Helper()
	root := repoRoot(t)
	return testutil.Markers(t, root, filepath.Join(root, "examples", "bad"), nil)
}

var textFinding = regexp.MustCompile(`^(.+?):(\d+):\d+: .* \(([a-z]+)\)$`)

// findingsOf parses the text output: one "file:line analyzer" per finding.
func findingsOf(t *testing.T, out string) []string {
	t.Helper()
	var got []string
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		if line == "" {
			continue
		}
		m := textFinding.FindStringSubmatch(line)
		if m == nil {
			t.Errorf("unexpected output line: %q", line)
			continue
		}
		got = append(got, fmt.Sprintf("%s:%s %s", m[1], m[2], m[3]))
	}
	slices.Sort(got)
	return got
}

func diffFindings(t *testing.T, got, want []string) { t.Helper(); testutil.DiffFindings(t, got, want) }

func TestExamplesBad(t *testing.T) {
	bin := idemlintBinary(t)
	stdout, stderr, code := runTool(t, bin, "./examples/bad/...")
	if code != 3 {
		t.Fatalf("exit code %d, want 3\nstderr: %s", code, stderr)
	}
	diffFindings(t, findingsOf(t, stdout), expectedFindings(t))
}

func TestExamplesGood(t *testing.T) {
	bin := idemlintBinary(t)
	stdout, stderr, code := runTool(t, bin, "./examples/good/...")
	if code != 0 || stdout != "" {
		t.Fatalf("exit code %d, want 0; output:\n%s%s", code, stdout, stderr)
	}
}

var vetFinding = regexp.MustCompile(`^(.+?):(\d+):\d+: (.*)$`)

func TestVetTool(t *testing.T) {
	bin := idemlintBinary(t)
	_, stderr, code := runTool(t, "go", "vet", "-vettool="+bin, "./examples/bad/...")
	if code == 0 {
		t.Fatalf("go vet found nothing in examples/bad")
	}
	// go vet prints "# package" headers and indented related lines; keep the findings.
	var got []string
	want := expectedFindings(t)
	for _, line := range strings.Split(stderr, "\n") {
		m := vetFinding.FindStringSubmatch(line)
		if m == nil || strings.HasPrefix(m[3], "\t") {
			continue
		}
		file := m[1]
		if filepath.IsAbs(file) {
			file, _ = filepath.Rel(repoRoot(t), file)
		}
		// go vet does not name the analyzer: match by position only.
		for _, w := range want {
			if strings.HasPrefix(w, file+":"+m[2]+" ") {
				got = append(got, w)
			}
		}
	}
	slices.Sort(got)
	got = slices.Compact(got)
	diffFindings(t, got, want)

	_, stderr, code = runTool(t, "go", "vet", "-vettool="+bin, "./examples/good/...")
	if code != 0 {
		t.Fatalf("go vet on examples/good: exit %d\n%s", code, stderr)
	}
}

func TestJSON(t *testing.T) {
	bin := idemlintBinary(t)
	stdout, stderr, code := runTool(t, bin, "-json", "./examples/bad/...")
	if code != 3 {
		t.Fatalf("-json exit code %d, want 3 (the gate needs the code in every format)\n%s", code, stderr)
	}
	var tree map[string]map[string][]struct {
		Posn    string `json:"posn"`
		Message string `json:"message"`
	}
	if err := json.Unmarshal([]byte(stdout), &tree); err != nil {
		t.Fatalf("-json output is not the x/tools shape: %v\n%s", err, stdout)
	}
	n := 0
	for pkg, byAnalyzer := range tree {
		for analyzer, diags := range byAnalyzer {
			for _, d := range diags {
				if d.Posn == "" || d.Message == "" {
					t.Errorf("%s %s: empty posn or message: %+v", pkg, analyzer, d)
				}
				n++
			}
		}
	}
	if want := len(expectedFindings(t)); n != want {
		t.Errorf("-json reported %d findings, want %d", n, want)
	}
}

// -sqlc adds the warnings about sqlc query files to the Go findings.
func TestSQLC(t *testing.T) {
	bin := idemlintBinary(t)
	stdout, stderr, code := runTool(t, bin, "-sqlc", "./examples/...")
	if code != 3 {
		t.Fatalf("exit code %d, want 3\nstderr: %s", code, stderr)
	}
	// The .sql files cannot carry markers without drifting from the code
	// sqlc generated from them, so the one expected warning is named here:
	// the :one INSERT ... ON CONFLICT DO NOTHING RETURNING query.
	want := append(expectedFindings(t), "examples/bad/onconflict/consumer/query.sql:1 onconflict")
	slices.Sort(want)
	diffFindings(t, findingsOf(t, stdout), want)

	// A query file alone (the pre-commit hook passes file names).
	stdout, _, code = runTool(t, bin, "-sqlc", "examples/bad/onconflict/consumer/query.sql")
	if code != 3 || !strings.Contains(stdout, "query.sql:1:") {
		t.Errorf("-sqlc query.sql: exit %d, output %q", code, stdout)
	}
	_, _, code = runTool(t, bin, "-sqlc", "./examples/good/...")
	if code != 0 {
		t.Errorf("-sqlc ./examples/good/...: exit %d, want 0", code)
	}
}

// vetFindings runs go vet with the binary and returns the expected
// findings (from want) that go vet reported, matched by position (go vet
// does not print the analyzer's name).
func vetFindings(t *testing.T, bin string, env []string, want []string, patterns ...string) []string {
	t.Helper()
	cmd := exec.Command("go", append([]string{"vet", "-vettool=" + bin}, patterns...)...)
	cmd.Dir = repoRoot(t)
	cmd.Env = append(os.Environ(), env...)
	out, _ := cmd.CombinedOutput()
	var got []string
	for _, line := range strings.Split(string(out), "\n") {
		m := vetFinding.FindStringSubmatch(line)
		if m == nil || strings.HasPrefix(m[3], "\t") {
			continue
		}
		file := m[1]
		if filepath.IsAbs(file) {
			file, _ = filepath.Rel(repoRoot(t), file)
		}
		matched := false
		for _, w := range want {
			if strings.HasPrefix(w, file+":"+m[2]+" ") {
				got = append(got, w)
				matched = true
			}
		}
		if !matched {
			got = append(got, "unexpected: "+line)
		}
	}
	slices.Sort(got)
	if slices.ContainsFunc(got, func(s string) bool { return strings.HasPrefix(s, "unexpected: ") }) {
		t.Logf("go vet output:\n%s", out)
	}
	return slices.Compact(got)
}

// The configuration file applies under go vet too: analyzers disabled and
// paths excluded there stay silent, and facts still cross packages.
func TestVetWithConfig(t *testing.T) {
	bin := idemlintBinary(t)
	root := repoRoot(t)
	cfg := filepath.Join(t.TempDir(), ".idemlint.yml")
	content := "disable: [uuidinretry]\nexclude:\n  - " + filepath.ToSlash(filepath.Join(root, "examples", "bad", "offsetorder")) + "/**\n"
	if err := os.WriteFile(cfg, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, w := range expectedFindings(t) {
		if strings.HasSuffix(w, " uuidinretry") || strings.HasPrefix(w, "examples/bad/offsetorder/") {
			continue
		}
		want = append(want, w)
	}
	got := vetFindings(t, bin, []string{"IDEMLINT_CONFIG=" + cfg}, expectedFindings(t), "./examples/bad/...")
	diffFindings(t, got, want)
	// httpintx's payment client lives in another package: its finding needs facts.
	if !slices.ContainsFunc(got, func(s string) bool { return strings.Contains(s, "httpintx/consumer") }) {
		t.Errorf("no cross-package httpintx finding under go vet with a config")
	}
}

// The CI gate: SARIF written and exit 3 on findings; a baseline hides the
// recorded findings; a missing baseline is an error, not a silent pass.
func TestGate(t *testing.T) {
	bin := idemlintBinary(t)
	tmp := t.TempDir()
	sarifPath := filepath.Join(tmp, "out.sarif")
	_, stderr, code := runTool(t, bin, "-sarif", sarifPath, "./examples/bad/...")
	if code != 3 {
		t.Fatalf("-sarif: exit %d, want 3\n%s", code, stderr)
	}
	data, err := os.ReadFile(sarifPath)
	if err != nil || !json.Valid(data) || !bytes.Contains(data, []byte(`"version": "2.1.0"`)) {
		t.Fatalf("-sarif wrote no SARIF 2.1.0 log: %v", err)
	}

	baseline := filepath.Join(tmp, "baseline.json")
	if _, stderr, code = runTool(t, bin, "-baseline", baseline, "./examples/bad/..."); code != 1 || !strings.Contains(stderr, "does not exist") {
		t.Errorf("missing baseline: exit %d, want 1 with a clear error\n%s", code, stderr)
	}
	if _, stderr, code = runTool(t, bin, "-baseline", baseline, "-update-baseline", "./examples/bad/..."); code != 0 {
		t.Fatalf("-update-baseline: exit %d\n%s", code, stderr)
	}
	stdout, stderr, code := runTool(t, bin, "-json", "-baseline", baseline, "./examples/bad/...")
	if code != 0 || strings.TrimSpace(stdout) != "{}" {
		t.Errorf("with the baseline: exit %d, output %q, want 0 and no findings\n%s", code, stdout, stderr)
	}
}

// TestRealistic runs the binary on testdata/realistic and
// testdata/realistic2, services written the way teams write them, mostly
// correct code: every marked bug must be found and nothing else reported
// (the precision regression test).
func TestRealistic(t *testing.T) {
	bin := idemlintBinary(t)
	for _, name := range []string{"realistic", "realistic2"} {
		t.Run(name, func(t *testing.T) {
			dir := filepath.Join(repoRoot(t), "testdata", name)
			cmd := exec.Command(bin, "./...")
			cmd.Dir = dir
			cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod")
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			err := cmd.Run()
			var exit *exec.ExitError
			if !errors.As(err, &exit) || exit.ExitCode() != 3 {
				t.Fatalf("exit: %v, want status 3\nstderr: %s", err, stderr.String())
			}
			want := testutil.Markers(t, dir, dir, nil)
			if len(want) < 30 {
				t.Fatalf("only %d markers in testdata/%s", len(want), name)
			}
			diffFindings(t, findingsOf(t, stdout.String()), want)
		})
	}
}

// TestNoDataRace runs a race-enabled binary on examples/: the checker runs
// the analyzers of a package in parallel, and analyzers that share a
// required analyzer's result (calls) must not race on it.
func TestNoDataRace(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a race-enabled binary")
	}
	bin := filepath.Join(t.TempDir(), "idemlint-race")
	if out, err := exec.Command("go", "build", "-race", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Skipf("no race-enabled build here: %v\n%s", err, out)
	}
	_, stderr, code := runTool(t, bin, "./examples/...")
	if strings.Contains(stderr, "DATA RACE") || code != 3 {
		t.Fatalf("exit %d\n%s", code, stderr)
	}
}
