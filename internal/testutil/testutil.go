// Package testutil holds what the end-to-end tests of the command, the
// driver and the golangci-lint plugin share: the "// want: analyzer" markers
// of examples/bad, the comparison of findings, and temporary module trees.
package testutil

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

var wantMarker = regexp.MustCompile(`// want: ([a-z,]+)`)

// Markers reads the "// want: analyzer[,analyzer]" markers of the Go files
// under dir: one "relpath:line analyzer" entry per expected finding, the
// path relative to base and slash-separated, sorted. keep (if not nil)
// selects the analyzers.
func Markers(t testing.TB, base, dir string, keep func(analyzer string) bool) []string {
	t.Helper()
	var want []string
	err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(base, path)
		if err != nil {
			return err
		}
		for i, line := range strings.Split(string(data), "\n") {
			m := wantMarker.FindStringSubmatch(line)
			if m == nil {
				continue
			}
			for _, a := range strings.Split(m[1], ",") {
				if keep == nil || keep(a) {
					want = append(want, fmt.Sprintf("%s:%d %s", filepath.ToSlash(rel), i+1, a))
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(want)
	return want
}

// DiffFindings reports every expected finding missing from got and every
// finding of got that was not expected.
func DiffFindings(t testing.TB, got, want []string) {
	t.Helper()
	for _, w := range want {
		if !slices.Contains(got, w) {
			t.Errorf("missing finding: %s", w)
		}
	}
	for _, g := range got {
		if !slices.Contains(want, g) {
			t.Errorf("unexpected finding: %s", g)
		}
	}
}

// WriteTree writes files (slash-separated path → content) under a new
// temporary directory and returns it.
func WriteTree(t testing.TB, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, content := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}
