package driver

import (
	"fmt"
	"io"
	"os"
	"slices"
	"sort"

	udiff "github.com/aymanbagabas/go-udiff"
)

// fileEdits gathers the first suggested fix of every finding, per file,
// dropping duplicates and fixes that overlap one already taken.
func fileEdits(res *Result) (map[string][]udiff.Edit, int) {
	byFile := make(map[string][]udiff.Edit)
	skipped := 0
	for _, f := range res.Findings {
		if len(f.Diag.SuggestedFixes) == 0 {
			continue
		}
		fix := f.Diag.SuggestedFixes[0]
		var edits []udiff.Edit
		file := ""
		ok := true
		for _, e := range fix.TextEdits {
			tf := f.Fset.File(e.Pos)
			if tf == nil || file != "" && tf.Name() != file {
				ok = false
				break
			}
			file = tf.Name()
			end := e.End
			if !end.IsValid() {
				end = e.Pos
			}
			edits = append(edits, udiff.Edit{Start: tf.Offset(e.Pos), End: tf.Offset(end), New: string(e.NewText)})
		}
		if !ok || file == "" {
			skipped++
			continue
		}
		merged := append(slices.Clone(byFile[file]), edits...)
		merged = dedupEdits(merged)
		if overlaps(merged) {
			skipped++
			continue
		}
		byFile[file] = merged
	}
	return byFile, skipped
}

func dedupEdits(edits []udiff.Edit) []udiff.Edit {
	udiff.SortEdits(edits)
	return slices.Compact(edits)
}

func overlaps(edits []udiff.Edit) bool {
	for i := 1; i < len(edits); i++ {
		if edits[i].Start < edits[i-1].End {
			return true
		}
	}
	return false
}

// ApplyFixes writes the suggested fixes to the files (diff == nil), or
// prints them as a unified diff to diff.
func ApplyFixes(res *Result, diff io.Writer) error {
	byFile, skipped := fileEdits(res)
	files := make([]string, 0, len(byFile))
	for f := range byFile {
		files = append(files, f)
	}
	sort.Strings(files)
	for _, name := range files {
		src, err := os.ReadFile(name)
		if err != nil {
			return err
		}
		out, err := udiff.Apply(string(src), byFile[name])
		if err != nil {
			return fmt.Errorf("%s: %v", name, err)
		}
		if diff != nil {
			fmt.Fprint(diff, udiff.Unified(name, name, string(src), out))
			continue
		}
		mode := os.FileMode(0o644)
		if st, err := os.Stat(name); err == nil {
			mode = st.Mode().Perm()
		}
		if err := os.WriteFile(name, []byte(out), mode); err != nil {
			return err
		}
	}
	if skipped > 0 {
		fmt.Fprintf(os.Stderr, "idemlint: %d fixes skipped because they conflict with others; run again\n", skipped)
	}
	return nil
}
