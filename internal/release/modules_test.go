package release

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// modules are the repository's modules a user installs or requires, relative
// to the repository root.
var modules = []string{".", "idem", "examples"}

// repoRoot is the directory of the root module.
func repoRoot(t *testing.T) string {
	t.Helper()
	_, file, _, ok := runtime.Caller(0)
	if !ok {
		t.Fatal("no caller information")
	}
	return filepath.Join(filepath.Dir(file), "..", "..")
}

// goCmd runs the go command in dir with the workspace off and extra
// environment; it fails the test with the output on error.
func goCmd(t *testing.T, dir string, env []string, args ...string) string {
	t.Helper()
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=")
	cmd.Env = append(cmd.Env, env...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("in %s: go %s: %v\n%s", dir, strings.Join(args, " "), err, out)
	}
	return string(out)
}

// TestModulesStandAlone checks that each module builds without go.work and
// that its go.mod and go.sum are what go mod tidy writes: a user who installs
// or requires a module gets exactly these files, not the workspace.
func TestModulesStandAlone(t *testing.T) {
	root := repoRoot(t)
	for _, m := range modules {
		t.Run(m, func(t *testing.T) {
			dir := filepath.Join(root, m)
			goCmd(t, dir, nil, "mod", "tidy", "-diff")
			goCmd(t, dir, nil, "build", "./...")
		})
	}
}
