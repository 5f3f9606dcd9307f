package precommit

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// The test makes the hook repository pre-commit expects (a git repository
// with .pre-commit-hooks.yaml at HEAD) from a copy of this working tree, and
// runs `pre-commit try-repo` in two service repositories: one with a retry
// that makes a fresh idempotency key per attempt, one with the key made
// once. pre-commit installs the hook as a user's machine would: `go install
// ./...` of the hook repository, with the module proxy.

const badService = `package payment

import (
	"context"

	"github.com/avast/retry-go/v4"
	"github.com/google/uuid"
)

type Provider interface {
	Charge(ctx context.Context, key, orderID string, amount int64) error
}

// Charge retries with a new key on every attempt: a retry is a new charge.
func Charge(ctx context.Context, p Provider, orderID string, amount int64) error {
	return retry.Do(func() error {
		return p.Charge(ctx, uuid.NewString(), orderID, amount)
	}, retry.Context(ctx))
}
`

const goodService = `package payment

import (
	"context"

	"github.com/avast/retry-go/v4"
	"github.com/google/uuid"
)

type Provider interface {
	Charge(ctx context.Context, key, orderID string, amount int64) error
}

// Charge makes the key once: every attempt is the same charge.
func Charge(ctx context.Context, p Provider, orderID string, amount int64) error {
	key := uuid.NewString()
	return retry.Do(func() error {
		return p.Charge(ctx, key, orderID, amount)
	}, retry.Context(ctx))
}
`

const badQuery = `-- name: InsertProcessedEvent :one
INSERT INTO processed_event (event_id, consumer_id)
VALUES ($1, $2)
ON CONFLICT (event_id, consumer_id) DO NOTHING
RETURNING event_id;
`

const goodQuery = `-- name: InsertProcessedEvent :execrows
INSERT INTO processed_event (event_id, consumer_id)
VALUES ($1, $2)
ON CONFLICT (event_id, consumer_id) DO NOTHING;
`

func TestPreCommit(t *testing.T) {
	if testing.Short() {
		t.Skip("runs pre-commit, which builds the hook: skipped with -short")
	}
	preCommit := findPreCommit(t)
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	hooks := hookRepo(t, root)
	for _, tc := range []struct {
		name, code, query string
		want              string // the status of both hooks
	}{
		{"bad", badService, badQuery, "Failed"},
		{"good", goodService, goodQuery, "Passed"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			svc := serviceRepo(t, tc.code, tc.query)
			// try-repo installs the hook repository afresh every time (its
			// store is a temporary directory): run every hook of it at once.
			start := time.Now()
			cmd := exec.Command(preCommit, "try-repo", hooks, "--all-files", "--verbose")
			cmd.Dir = svc
			cmd.Env = append(os.Environ(), "PRE_COMMIT_COLOR=never")
			out, err := cmd.CombinedOutput()
			t.Logf("pre-commit try-repo (%s service, both hooks, install included): %v", tc.name, time.Since(start).Round(10*time.Millisecond))
			var exit *exec.ExitError
			if err != nil && !errors.As(err, &exit) {
				t.Fatal(err)
			}
			if (err != nil) != (tc.want == "Failed") {
				t.Errorf("pre-commit exit: %v, want the hooks to have %s:\n%s", err, tc.want, out)
			}
			status := hookStatus(string(out))
			for _, hook := range []string{"idemlint", "idemlint (sqlc queries)"} {
				if status[hook] != tc.want {
					t.Errorf("hook %q: %q, want %s:\n%s", hook, status[hook], tc.want, out)
				}
			}
			if tc.want == "Failed" {
				// The findings themselves, not an install or load error.
				for _, w := range []string{"payment/payment.go:17:", "uuidinretry", "db/query.sql:"} {
					if !strings.Contains(string(out), w) {
						t.Errorf("the output does not show %q:\n%s", w, out)
					}
				}
			}
		})
	}
}

var statusLine = regexp.MustCompile(`(?m)^(.+?)\.{3,}(Passed|Failed|Skipped)$`)

// hookStatus reads pre-commit's "name.....Status" lines.
func hookStatus(out string) map[string]string {
	m := make(map[string]string)
	for _, s := range statusLine.FindAllStringSubmatch(out, -1) {
		m[s[1]] = s[2]
	}
	return m
}

// findPreCommit returns pre-commit from the PATH. A test never installs
// system packages (.ci/run does): without pre-commit the test fails under
// CI=true, where a missing tool is a broken setup, and is skipped with the
// reason otherwise.
func findPreCommit(t *testing.T) string {
	t.Helper()
	p, err := exec.LookPath("pre-commit")
	if err == nil {
		return p
	}
	msg := "pre-commit is not on the PATH (apt-get install pre-commit, or pip install pre-commit): " + err.Error()
	if os.Getenv("CI") == "true" {
		t.Fatal(msg)
	}
	t.Skip(msg)
	return ""
}

func git(t *testing.T, dir string, args ...string) {
	t.Helper()
	cmd := exec.Command("git", append([]string{"-c", "user.name=idemlint test", "-c", "user.email=test@idemlint.invalid", "-c", "commit.gpgsign=false", "-c", "init.defaultBranch=main"}, args...)...)
	cmd.Dir = dir
	cmd.Env = gitEnv()
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
}

// gitEnv drops the variables of an enclosing git invocation (a test run
// from a git hook would otherwise act on the outer repository).
func gitEnv() []string {
	var env []string
	for _, e := range os.Environ() {
		if !strings.HasPrefix(e, "GIT_") {
			env = append(env, e)
		}
	}
	return env
}

// hookRepo commits a copy of the working tree (tracked and untracked files
// git does not ignore) in a new repository and returns its path.
func hookRepo(t *testing.T, root string) string {
	t.Helper()
	cmd := exec.Command("git", "ls-files", "-z", "--cached", "--others", "--exclude-standard")
	cmd.Dir = root
	cmd.Env = gitEnv()
	list, err := cmd.Output()
	if err != nil {
		t.Fatalf("git ls-files: %v", err)
	}
	dst := t.TempDir()
	for _, rel := range strings.Split(strings.TrimRight(string(list), "\x00"), "\x00") {
		if rel == "" {
			continue
		}
		src := filepath.Join(root, rel)
		st, err := os.Lstat(src)
		if err != nil || !st.Mode().IsRegular() {
			continue // deleted in the working tree, or a symlink
		}
		data, err := os.ReadFile(src)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.MkdirAll(filepath.Join(dst, filepath.Dir(rel)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dst, rel), data, st.Mode().Perm()); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := os.Stat(filepath.Join(dst, ".pre-commit-hooks.yaml")); err != nil {
		t.Fatal("the copy has no .pre-commit-hooks.yaml")
	}
	git(t, dst, "init", "-q")
	git(t, dst, "add", "-A")
	git(t, dst, "commit", "-q", "-m", "idemlint working tree")
	return dst
}

// serviceRepo makes a git repository holding one service module.
func serviceRepo(t *testing.T, code, query string) string {
	t.Helper()
	dir := t.TempDir()
	files := map[string]string{
		"go.mod": `module example.com/payments

go 1.26.0

require (
	github.com/avast/retry-go/v4 v4.7.0
	github.com/google/uuid v1.6.0
)
`,
		"payment/payment.go": code,
		"db/query.sql":       query,
	}
	for name, content := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	tidy := exec.Command("go", "mod", "tidy")
	tidy.Dir = dir
	tidy.Env = append(os.Environ(), "GOWORK=off")
	if out, err := tidy.CombinedOutput(); err != nil {
		t.Fatalf("go mod tidy: %v\n%s", err, out)
	}
	git(t, dir, "init", "-q")
	git(t, dir, "add", "-A")
	git(t, dir, "commit", "-q", "-m", "service")
	return dir
}
