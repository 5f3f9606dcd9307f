package driver

import (
	"os"
	"path/filepath"
)

// SourceRoot is the directory that report paths (SARIF, Code Climate) are
// relative to: the root of the git repository holding dir, where code
// scanning services resolve them even when the module lies in a
// subdirectory; dir itself outside a repository.
func SourceRoot(dir string) string {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return dir
	}
	for d := abs; ; {
		if _, err := os.Stat(filepath.Join(d, ".git")); err == nil { // a directory, or a file in a worktree
			return d
		}
		parent := filepath.Dir(d)
		if parent == d {
			return abs
		}
		d = parent
	}
}
