package plugin_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"go.yaml.in/yaml/v3"

	"github.com/idemlint/idemlint/analyzers"
	"github.com/idemlint/idemlint/internal/gclbuild"
	"github.com/idemlint/idemlint/internal/testutil"
	"github.com/idemlint/idemlint/plugin"
)

// These tests build a real golangci-lint binary with the plugin, the way
// `golangci-lint custom` does (a main that blank-imports the plugin next to
// golangci-lint's own command, a replace directive to this checkout), from
// the module proxy rather than a git clone, and run it on examples/.

// gclVersion is the golangci-lint release the plugin is built into: the
// first v2 release that pins golang.org/x/tools v0.52.0, as idemlint does.
const gclVersion = gclbuild.Version

func repoRoot(t *testing.T) string {
	t.Helper()
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	return root
}

// gclIssue is one issue of golangci-lint's JSON output.
type gclIssue struct {
	FromLinter string
	Text       string
	Pos        struct {
		Filename     string
		Line, Column int
	}
}

type gclOutput struct {
	Issues []gclIssue
	Report struct {
		Error    string
		Warnings []struct{ Tag, Text string }
	}
}

// runGCL runs the custom golangci-lint in dir with config and returns its
// issues, its stderr and its exit code.
func runGCL(t *testing.T, bin, dir, config string, patterns ...string) (gclOutput, string, int) {
	t.Helper()
	out := filepath.Join(t.TempDir(), "out.json")
	args := append([]string{"run", "-c", config,
		"--default=none", // only what the configuration enables (idemlint), not the standard set
		"--max-issues-per-linter=0", "--max-same-issues=0", "--uniq-by-line=false",
		"--output.json.path=" + out, "--output.text.path=stderr", "--path-mode=abs", "--show-stats=false",
	}, patterns...)
	cmd := exec.Command(bin, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOLANGCI_LINT_CACHE="+filepath.Join(cacheRoot(t), "lint-cache"))
	var stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stderr, &stderr
	start := time.Now()
	err := cmd.Run()
	t.Logf("golangci-lint %s (in %s): %v", strings.Join(patterns, " "), dir, time.Since(start).Round(10*time.Millisecond))
	code := 0
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		code = exit.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	var res gclOutput
	if data, err := os.ReadFile(out); err == nil && len(data) > 0 {
		if err := json.Unmarshal(data, &res); err != nil {
			t.Fatalf("golangci-lint JSON output: %v\n%s", err, data)
		}
	}
	return res, stderr.String(), code
}

var wantMarker = regexp.MustCompile(`// want: ([a-z,]+)`)

// markers reads the "// want: analyzer" markers under dir, as
// "relpath:line analyzer" (relative to base), keeping only the analyzers
// that keep returns true for.
func markers(t *testing.T, base, dir string, keep func(string) bool) []string {
	t.Helper()
	return testutil.Markers(t, base, dir, keep)
}

func suiteNames() map[string]bool {
	m := make(map[string]bool)
	for _, a := range analyzers.All() {
		m[a.Name] = true
	}
	return m
}

// issueText is an issue's text: golangci-lint prefixes the analyzer's name
// (and would name related locations' issues "<analyzer>(related information)").
var issueText = regexp.MustCompile(`^([a-z]+)(\(related information\))?: (.+)$`)

// finding is one finding as "relpath:line:col analyzer: message".
type finding struct {
	key     string // relpath:line analyzer
	col     int
	message string
}

// findingsOf checks that every issue comes from the idemlint linter with a
// "<analyzer>: " prefix, and returns them relative to base.
func findingsOf(t *testing.T, base string, res gclOutput) []finding {
	t.Helper()
	var out []finding
	for _, is := range res.Issues {
		if is.FromLinter != "idemlint" {
			t.Errorf("issue from linter %q, want idemlint: %+v", is.FromLinter, is)
			continue
		}
		m := issueText.FindStringSubmatch(is.Text)
		if m == nil || !suiteNames()[m[1]] {
			t.Errorf("issue text %q does not start with an analyzer's name", is.Text)
			continue
		}
		rel, err := filepath.Rel(base, is.Pos.Filename)
		if err != nil || strings.HasPrefix(rel, "..") {
			t.Errorf("issue outside %s: %s", base, is.Pos.Filename)
			continue
		}
		if m[2] != "" {
			// golangci-lint makes an issue of each related location, which
			// //nolint:idemlint on the finding's line leaves behind: the
			// plugin folds them into the message instead.
			t.Errorf("a related location reported as an issue of its own: %s:%d %s", rel, is.Pos.Line, is.Text)
			continue
		}
		out = append(out, finding{fmt.Sprintf("%s:%d %s", filepath.ToSlash(rel), is.Pos.Line, m[1]), is.Pos.Column, m[3]})
	}
	return out
}

func keys(fs []finding) []string {
	var k []string
	for _, f := range fs {
		k = append(k, f.key)
	}
	slices.Sort(k)
	return k
}

func diff(t *testing.T, got, want []string) {
	t.Helper()
	testutil.DiffFindings(t, got, want)
}

// standalone runs the idemlint command with -json in dir and returns its
// findings, to compare positions and messages with golangci-lint's.
func standalone(t *testing.T, root, dir string, patterns ...string) map[string]finding {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "idemlint")
	build := exec.Command("go", "build", "-o", bin, "./cmd/idemlint")
	build.Dir = root
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build ./cmd/idemlint: %v\n%s", err, out)
	}
	cmd := exec.Command(bin, append([]string{"-json"}, patterns...)...)
	cmd.Dir = dir
	out, err := cmd.Output()
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) {
		t.Fatal(err)
	}
	type diag struct {
		Posn    string `json:"posn"`
		Message string `json:"message"`
	}
	var tree map[string]map[string][]struct {
		diag
		Related []diag `json:"related"`
	}
	if err := json.Unmarshal(out, &tree); err != nil {
		t.Fatalf("idemlint -json: %v\n%s", err, out)
	}
	posn := regexp.MustCompile(`^(.+):(\d+):(\d+)$`)
	position := func(s string) token.Position {
		m := posn.FindStringSubmatch(s)
		if m == nil {
			t.Fatalf("idemlint -json: bad posn %q", s)
		}
		p := token.Position{Filename: m[1]}
		fmt.Sscan(m[2], &p.Line)
		fmt.Sscan(m[3], &p.Column)
		return p
	}
	res := make(map[string]finding)
	for _, byAnalyzer := range tree {
		for a, diags := range byAnalyzer {
			for _, d := range diags {
				m := posn.FindStringSubmatch(d.Posn)
				if m == nil {
					t.Fatalf("idemlint -json: bad posn %q", d.Posn)
				}
				rel, _ := filepath.Rel(root, m[1])
				var col int
				fmt.Sscan(m[3], &col)
				var related []plugin.Related
				for _, r := range d.Related {
					related = append(related, plugin.Related{Posn: position(r.Posn), Message: r.Message})
				}
				// golangci-lint shows the message with the related locations folded in.
				f := finding{fmt.Sprintf("%s:%s %s", filepath.ToSlash(rel), m[2], a), col, plugin.FoldMessage(d.Message, related)}
				res[f.key+" "+f.message] = f
			}
		}
	}
	return res
}

// TestGolangciExamples runs the example configuration on examples/bad and
// examples/good: every "// want:" marker of bad is reported, under the
// linter idemlint, at the position and with the message of the standalone
// command, and good yields nothing.
func TestGolangciExamples(t *testing.T) {
	bin := customGCL(t)
	root := repoRoot(t)
	examples := filepath.Join(root, "examples")
	config := filepath.Join(root, ".golangci.example.yml")

	res, stderr, code := runGCL(t, bin, examples, config, "./bad/...", "./good/...")
	if res.Report.Error != "" {
		t.Fatalf("golangci-lint error: %s\n%s", res.Report.Error, stderr)
	}
	names := suiteNames()
	want := markers(t, root, filepath.Join(examples, "bad"), func(a string) bool { return names[a] })
	if len(want) == 0 {
		t.Fatal("no markers in examples/bad for the analyzers of the suite")
	}
	if code != 1 {
		t.Fatalf("golangci-lint exit code %d, want 1 (issues found)\n%s", code, stderr)
	}
	got := findingsOf(t, root, res)
	diff(t, keys(got), want)

	// Same positions and messages as the standalone command.
	ref := standalone(t, root, examples, "./bad/...", "./good/...")
	for _, f := range got {
		r, ok := ref[f.key+" "+f.message]
		switch {
		case !ok:
			t.Errorf("golangci-lint reported %s %q; the standalone command did not report this message there", f.key, f.message)
		case r.col != f.col:
			t.Errorf("%s: golangci-lint column %d, standalone column %d", f.key, f.col, r.col)
		}
	}
}

// TestGolangciSettings runs on a copy of examples/bad (a module of its own)
// with //nolint comments and settings that disable analyzers, exclude a
// directory and add an identifier generator.
func TestGolangciSettings(t *testing.T) {
	bin := customGCL(t)
	root := repoRoot(t)
	mod := t.TempDir()
	copyTree(t, filepath.Join(root, "examples", "bad"), filepath.Join(mod, "bad"))
	copyFile(t, filepath.Join(root, "examples", "go.mod"), filepath.Join(mod, "go.mod"))
	// Out of the workspace, the module needs the sums that go.work.sum keeps.
	var sums []byte
	for _, f := range []string{filepath.Join(root, "examples", "go.sum"), filepath.Join(root, "go.work.sum")} {
		data, err := os.ReadFile(f)
		if err != nil && !os.IsNotExist(err) {
			t.Fatal(err)
		}
		sums = append(sums, data...)
	}
	writeFile(t, filepath.Join(mod, "go.sum"), string(sums))

	// //nolint:idemlint on the first marker of payment.go silences it;
	// //nolint:errcheck on the second does not.
	payment := filepath.Join(mod, "bad", "uuidinretry", "payment", "payment.go")
	src, err := os.ReadFile(payment)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(src), "\n")
	var nolinted string
	n := 0
	for i, l := range lines {
		if !strings.Contains(l, "// want: uuidinretry") {
			continue
		}
		switch n {
		case 0:
			lines[i] = strings.Replace(l, "// want:", "//nolint:idemlint // want:", 1)
			nolinted = fmt.Sprintf("bad/uuidinretry/payment/payment.go:%d uuidinretry", i+1)
		case 1:
			lines[i] = strings.Replace(l, "// want:", "//nolint:errcheck // want:", 1)
		}
		n++
	}
	if n < 2 {
		t.Fatalf("payment.go has %d uuidinretry markers, want 2 or more", n)
	}
	writeFile(t, payment, strings.Join(lines, "\n"))

	// A project's own generator, known to idemlint only through the settings.
	writeFile(t, filepath.Join(mod, "bad", "uuidinretry", "custom", "custom.go"), `package custom

import (
	"context"

	"github.com/avast/retry-go/v4"
)

var seq int

// Token is the project's own identifier generator.
func Token() string { seq++; return "tok" }

func Save(ctx context.Context, save func(context.Context, string) error) error {
	return retry.Do(func() error {
		return save(ctx, Token()) // want: uuidinretry
	}, retry.Context(ctx))
}
`)

	var others []string
	for name := range suiteNames() {
		if name != "uuidinretry" {
			others = append(others, name)
		}
	}
	slices.Sort(others)
	config := exampleConfig(t, map[string]any{
		"disable": others,
		"settings": map[string]any{"uuidinretry": map[string]any{
			"generators": []string{"github.com/idemlint/idemlint/examples/bad/uuidinretry/custom.Token"},
		}},
		"exclude": []string{"bad/uuidinretry/consumer/**"},
	})
	// The copy is a module of its own, outside the repository's go.work,
	// whose go.mod may need the requirements go.work supplied.
	t.Setenv("GOWORK", "off")
	t.Setenv("GOFLAGS", "-mod=mod")

	res, stderr, code := runGCL(t, bin, mod, config, "./...")
	if res.Report.Error != "" || code != 1 {
		t.Fatalf("golangci-lint exit code %d, error %q\n%s", code, res.Report.Error, stderr)
	}
	want := markers(t, mod, filepath.Join(mod, "bad"), func(a string) bool { return a == "uuidinretry" })
	want = slices.DeleteFunc(want, func(w string) bool {
		return w == nolinted || strings.HasPrefix(w, "bad/uuidinretry/consumer/")
	})
	diff(t, keys(findingsOf(t, mod, res)), want)
	if !slices.ContainsFunc(want, func(w string) bool { return strings.HasPrefix(w, "bad/uuidinretry/custom/") }) {
		t.Error("the test lost its custom-generator case")
	}

	// A wrong setting stops golangci-lint with a message that names it.
	bad := exampleConfig(t, map[string]any{
		"settings": map[string]any{"uuidinretry": map[string]any{"generatorz": []string{"a.B"}}},
	})
	_, stderr, code = runGCL(t, bin, mod, bad, "./...")
	if code == 0 {
		t.Errorf("a wrong setting: exit code 0\n%s", stderr)
	}
	for _, w := range []string{`settings.uuidinretry.generatorz`, `has no setting "generatorz"`, "generators"} {
		if !strings.Contains(stderr, w) {
			t.Errorf("the error for a wrong setting does not say %q:\n%s", w, stderr)
		}
	}
}

// exampleConfig writes .golangci.example.yml with the plugin's settings
// replaced and returns its path.
func exampleConfig(t *testing.T, settings map[string]any) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(repoRoot(t), ".golangci.example.yml"))
	if err != nil {
		t.Fatal(err)
	}
	var cfg map[string]any
	if err := yaml.Unmarshal(data, &cfg); err != nil {
		t.Fatal(err)
	}
	custom, _ := dig(cfg, "linters", "settings", "custom", "idemlint").(map[string]any)
	if custom == nil || custom["type"] != "module" {
		t.Fatalf(".golangci.example.yml has no linters.settings.custom.idemlint of type module")
	}
	if enable, _ := dig(cfg, "linters", "enable").([]any); !slices.Contains(enable, any("idemlint")) {
		t.Fatalf(".golangci.example.yml does not enable idemlint in linters.enable")
	}
	custom["settings"] = settings
	out, err := yaml.Marshal(cfg)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), ".golangci.yml")
	writeFile(t, path, string(out))
	return path
}

func dig(v any, path ...string) any {
	for _, p := range path {
		m, ok := v.(map[string]any)
		if !ok {
			return nil
		}
		v = m[p]
	}
	return v
}
