package plugin_test

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

// The custom golangci-lint binary is cached under the user's cache
// directory, keyed by golangci-lint's version, the Go version and a hash of
// this module's Go sources, go.mod and go.sum: a rerun with unchanged
// sources reuses it, and a change to the analyzers rebuilds it (the Go
// build cache keeps golangci-lint's own packages, so only the plugin and
// the link are redone).

var (
	gclOnce sync.Once
	gclBin  string
	gclErr  error
)

// cacheRoot is where the binaries and golangci-lint's cache live.
func cacheRoot(t *testing.T) string {
	t.Helper()
	dir, err := os.UserCacheDir()
	if err != nil {
		dir = os.TempDir()
	}
	return filepath.Join(dir, "idemlint-test", "custom-gcl")
}

// customGCL returns the path of a golangci-lint binary that includes the
// plugin, building it if needed. It is skipped with -short.
func customGCL(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds golangci-lint " + gclVersion + " with the plugin (minutes when cold): skipped with -short")
	}
	gclOnce.Do(func() { gclBin, gclErr = buildCustomGCL(t, repoRoot(t), cacheRoot(t)) })
	if gclErr != nil {
		t.Fatal(gclErr)
	}
	return gclBin
}

func buildCustomGCL(t *testing.T, root, cache string) (string, error) {
	key, err := sourceHash(root)
	if err != nil {
		return "", err
	}
	name := fmt.Sprintf("%s-%s-%s", gclVersion, runtime.Version(), key[:16])
	bin := filepath.Join(cache, name, "custom-gcl")
	if _, err := os.Stat(bin); err == nil {
		now := time.Now()
		os.Chtimes(filepath.Dir(bin), now, now) // recently used: kept by the pruning below
		t.Logf("custom golangci-lint: cached %s", bin)
		return bin, nil
	}

	start := time.Now()
	mod, err := os.MkdirTemp("", "idemlint-custom-gcl")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(mod)
	if err := generateModule(root, mod); err != nil {
		return "", err
	}
	if err := goCmd(mod, "mod", "tidy"); err != nil {
		return "", err
	}
	if err := os.MkdirAll(filepath.Dir(bin), 0o755); err != nil {
		return "", err
	}
	// What `golangci-lint custom` passes: a version naming the plugins'
	// hash (golangci-lint salts its cache with it) and a date.
	tmp := bin + fmt.Sprintf(".tmp%d", os.Getpid())
	ldflags := fmt.Sprintf("-s -w -X 'main.version=%s-custom-gcl-%s' -X 'main.date=%s'",
		strings.TrimPrefix(gclVersion, "v"), key[:16], time.Now().UTC().Format(time.RFC3339))
	if err := goCmd(mod, "build", "-ldflags", ldflags, "-o", tmp, "."); err != nil {
		return "", err
	}
	if err := os.Rename(tmp, bin); err != nil {
		return "", err
	}
	t.Logf("custom golangci-lint: built %s in %v", bin, time.Since(start).Round(time.Second))

	// Drop the binaries of other sources (about 70 MB each) unused for an
	// hour (a concurrent run may still be about to start its own).
	if entries, err := os.ReadDir(cache); err == nil {
		for _, e := range entries {
			info, err := e.Info()
			if err == nil && e.IsDir() && e.Name() != name && strings.HasPrefix(e.Name(), "v") && time.Since(info.ModTime()) > time.Hour {
				os.RemoveAll(filepath.Join(cache, e.Name()))
			}
		}
	}
	return bin, nil
}

// generateModule writes what `golangci-lint custom` builds: golangci-lint's
// cmd/golangci-lint with a plugins.go that blank-imports the plugin, and a
// replace directive to this checkout. It is a module of its own in a
// temporary directory, never a main package under the repository's ./...
func generateModule(root, mod string) error {
	out, err := exec.Command("go", "mod", "download", "-json", "github.com/golangci/golangci-lint/v2@"+gclVersion).Output()
	if err != nil {
		return fmt.Errorf("go mod download golangci-lint %s: %v (needs the Go module proxy)", gclVersion, err)
	}
	var info struct{ Dir, Error string }
	if err := json.Unmarshal(out, &info); err != nil || info.Dir == "" {
		return fmt.Errorf("go mod download golangci-lint %s: %v %s", gclVersion, err, info.Error)
	}
	mainGo, err := os.ReadFile(filepath.Join(info.Dir, "cmd", "golangci-lint", "main.go"))
	if err != nil {
		return err
	}
	files := map[string]string{
		"main.go": string(mainGo),
		// The file golangci-lint custom generates (pkg/commands/internal/imports.go).
		"plugins.go": "package main\n\nimport (\n\t_ \"github.com/idemlint/idemlint/plugin\"\n)\n",
		"go.mod": fmt.Sprintf(`module idemlint.test/custom-gcl

go 1.26.0

require (
	github.com/golangci/golangci-lint/v2 %s
	github.com/idemlint/idemlint v0.0.0
)

replace github.com/idemlint/idemlint => %s
`, gclVersion, root),
	}
	for name, content := range files {
		if err := os.WriteFile(filepath.Join(mod, name), []byte(content), 0o644); err != nil {
			return err
		}
	}
	return nil
}

func goCmd(dir string, args ...string) error {
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off")
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("go %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return nil
}

// sourceHash hashes what the plugin is built from: the module's non-test Go
// files, go.mod and go.sum (not examples/, testdata or hidden directories).
func sourceHash(root string) (string, error) {
	var files []string
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		name := d.Name()
		if d.IsDir() {
			if path != root && (strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") || name == "testdata" || name == "examples" || name == "bin") {
				return filepath.SkipDir
			}
			return nil
		}
		if rel == "go.mod" || rel == "go.sum" || strings.HasSuffix(name, ".go") && !strings.HasSuffix(name, "_test.go") {
			files = append(files, rel)
		}
		return nil
	})
	if err != nil {
		return "", err
	}
	slices.Sort(files)
	h := sha256.New()
	for _, f := range files {
		fmt.Fprintf(h, "%s\x00", filepath.ToSlash(f))
		r, err := os.Open(filepath.Join(root, f))
		if err != nil {
			return "", err
		}
		_, err = io.Copy(h, r)
		r.Close()
		if err != nil {
			return "", err
		}
		h.Write([]byte{0})
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

func copyTree(t *testing.T, src, dst string) {
	t.Helper()
	err := filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, path)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		copyFile(t, path, filepath.Join(dst, rel))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

func copyFile(t *testing.T, src, dst string) {
	t.Helper()
	data, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	writeFile(t, dst, string(data))
}

func writeFile(t *testing.T, path, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}
