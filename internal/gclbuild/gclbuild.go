// Package gclbuild builds a golangci-lint binary that includes the idemlint
// plugin from a checkout, as `golangci-lint custom` would with a `path:`
// plugin: golangci-lint's cmd/golangci-lint from the module proxy with a
// plugins.go that blank-imports the plugin, in a module of its own in a
// temporary directory (never under the repository's ./...), with a replace
// directive to the checkout. The plugin tests and the bench command share
// it, and with it the cached binary.
//
// The binary is cached under a directory the caller gives, keyed by
// golangci-lint's version, the Go version and a hash of the checkout's Go
// sources, go.mod and go.sum: a rerun with unchanged sources reuses it, and
// a change to the analyzers rebuilds it (the Go build cache keeps
// golangci-lint's own packages, so only the plugin and the link are redone).
package gclbuild

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
	"time"
)

// Version is the golangci-lint release the plugin is built into: the
// release .custom-gcl.example.yml names (it pins golang.org/x/tools at the
// version idemlint uses).
const Version = "v2.15.0"

// CacheDir is the default cache directory of the binaries.
func CacheDir() string {
	dir, err := os.UserCacheDir()
	if err != nil {
		dir = os.TempDir()
	}
	return filepath.Join(dir, "idemlint-test", "custom-gcl")
}

// Binary returns the path of a golangci-lint binary built with the plugin
// of the checkout at root, building it under cache if needed. logf (may be
// nil) hears whether it was cached or built.
func Binary(root, cache string, logf func(format string, args ...any)) (string, error) {
	if logf == nil {
		logf = func(string, ...any) {}
	}
	key, err := SourceHash(root)
	if err != nil {
		return "", err
	}
	name := fmt.Sprintf("%s-%s-%s", Version, runtime.Version(), key[:16])
	bin := filepath.Join(cache, name, "custom-gcl")
	if _, err := os.Stat(bin); err == nil {
		now := time.Now()
		os.Chtimes(filepath.Dir(bin), now, now) // recently used: kept by the pruning below
		logf("custom golangci-lint: cached %s", bin)
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
		strings.TrimPrefix(Version, "v"), key[:16], time.Now().UTC().Format(time.RFC3339))
	if err := goCmd(mod, "build", "-ldflags", ldflags, "-o", tmp, "."); err != nil {
		return "", err
	}
	if err := os.Rename(tmp, bin); err != nil {
		return "", err
	}
	logf("custom golangci-lint: built %s in %v", bin, time.Since(start).Round(time.Second))

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
// replace directive to the checkout.
func generateModule(root, mod string) error {
	out, err := exec.Command("go", "mod", "download", "-json", "github.com/golangci/golangci-lint/v2@"+Version).Output()
	if err != nil {
		return fmt.Errorf("go mod download golangci-lint %s: %v (needs the Go module proxy)", Version, err)
	}
	var info struct{ Dir, Error string }
	if err := json.Unmarshal(out, &info); err != nil || info.Dir == "" {
		return fmt.Errorf("go mod download golangci-lint %s: %v %s", Version, err, info.Error)
	}
	mainGo, err := os.ReadFile(filepath.Join(info.Dir, "cmd", "golangci-lint", "main.go"))
	if err != nil {
		return err
	}
	absRoot, err := filepath.Abs(root)
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
`, Version, absRoot),
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

// SourceHash hashes what the plugin is built from: the module's non-test Go
// files, go.mod and go.sum (not examples/, testdata or hidden directories).
func SourceHash(root string) (string, error) {
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
