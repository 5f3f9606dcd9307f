package plugin_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/idemlint/idemlint/internal/gclbuild"
)

// The custom golangci-lint binary is built and cached by internal/gclbuild
// (shared with the bench command).

var (
	gclOnce sync.Once
	gclBin  string
	gclErr  error
)

// cacheRoot is where the binaries and golangci-lint's cache live.
func cacheRoot(t *testing.T) string {
	t.Helper()
	return gclbuild.CacheDir()
}

// customGCL returns the path of a golangci-lint binary that includes the
// plugin, building it if needed. It is skipped with -short.
func customGCL(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds golangci-lint " + gclVersion + " with the plugin (minutes when cold): skipped with -short")
	}
	gclOnce.Do(func() { gclBin, gclErr = gclbuild.Binary(repoRoot(t), cacheRoot(t), t.Logf) })
	if gclErr != nil {
		t.Fatal(gclErr)
	}
	return gclBin
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
