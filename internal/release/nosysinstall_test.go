package release

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// installCommand matches Go code that runs a system package manager.
var installCommand = regexp.MustCompile(`(?:Command|LookPath)\(\s*"(?:apt-get|apt|dnf|yum|apk|brew)"|"(?:sh|bash)",\s*"-c",\s*"[^"]*(?:apt-get|apt|dnf|yum|apk|brew) install`)

// TestNoTestInstallsPackages: a test never installs system packages (.ci/run
// does); a test that lacks a tool fails under CI=true and skips otherwise.
func TestNoTestInstallsPackages(t *testing.T) {
	root := repoRoot(t)
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if name := d.Name(); name == "testdata" || strings.HasPrefix(name, ".") && p != root {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(p, ".go") {
			return nil
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if loc := installCommand.FindIndex(data); loc != nil {
			rel, _ := filepath.Rel(root, p)
			t.Errorf("%s runs a system package manager: %s", rel, data[loc[0]:loc[1]])
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
