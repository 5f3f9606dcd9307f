package main

import (
	"fmt"
	"os"
	"os/exec"
	"strings"
)

// A fileEdit is the one-file edit of the warm modes: a comment appended
// to a Go file of the module (a new content hash, so every cache keyed by
// it misses for that package and what depends on it), undone at the end.
type fileEdit struct {
	path string
	orig []byte
	mode os.FileMode
}

// editOneFile writes the i-th edit of the module's first Go file.
func (b *bench) editOneFile(i int) error {
	if b.edit == nil {
		cmd := exec.Command("go", append([]string{"list", "-f", `{{if .GoFiles}}{{.Dir}}/{{index .GoFiles 0}}{{end}}`}, b.patterns...)...)
		cmd.Dir, cmd.Env = b.dir, b.env()
		out, err := cmd.Output()
		if err != nil {
			return fmt.Errorf("go list (to pick the file the warm runs edit): %v", err)
		}
		path, _, _ := strings.Cut(strings.TrimSpace(string(out)), "\n")
		if path == "" {
			return fmt.Errorf("no Go file in %s", strings.Join(b.patterns, " "))
		}
		info, err := os.Stat(path)
		if err != nil {
			return err
		}
		orig, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		b.edit = &fileEdit{path: path, orig: orig, mode: info.Mode().Perm()}
	}
	content := fmt.Appendf(append([]byte(nil), b.edit.orig...), "\n// idemlint-bench edit %d\n", i)
	return os.WriteFile(b.edit.path, content, b.edit.mode|0o200)
}

// restore undoes the edit.
func (b *bench) restore() {
	if b.edit != nil {
		if err := os.WriteFile(b.edit.path, b.edit.orig, b.edit.mode|0o200); err != nil {
			fmt.Fprintf(os.Stderr, "idemlint-bench: restoring %s: %v\n", b.edit.path, err)
		}
		os.Chmod(b.edit.path, b.edit.mode)
	}
}
