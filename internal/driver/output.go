package driver

import (
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"strings"
)

// RelPath returns filename relative to dir when it lies under it.
func RelPath(dir, filename string) string {
	if dir == "" {
		return filename
	}
	if rel, err := filepath.Rel(dir, filename); err == nil && !strings.HasPrefix(rel, "..") {
		return rel
	}
	return filename
}

// PrintText prints one line per finding: file:line:col: message (analyzer).
func PrintText(w io.Writer, dir string, res *Result) {
	for _, f := range res.Findings {
		fmt.Fprintf(w, "%s:%d:%d: %s (%s)\n", RelPath(dir, f.Posn.Filename), f.Posn.Line, f.Posn.Column, f.Diag.Message, f.Analyzer.Name)
	}
}

// The x/tools JSON shape (golang.org/x/tools/go/analysis/internal/analysisflags):
// {"pkgpath": {"analyzer": [diagnostic, ...]}}.
type jsonDiagnostic struct {
	Category       string                   `json:"category,omitempty"`
	Posn           string                   `json:"posn"`
	End            string                   `json:"end,omitempty"`
	Message        string                   `json:"message"`
	SuggestedFixes []jsonSuggestedFix       `json:"suggested_fixes,omitempty"`
	Related        []jsonRelatedInformation `json:"related,omitempty"`
}

type jsonSuggestedFix struct {
	Message string         `json:"message"`
	Edits   []jsonTextEdit `json:"edits"`
}

type jsonTextEdit struct {
	Filename string `json:"filename"`
	Start    int    `json:"start"`
	End      int    `json:"end"`
	New      string `json:"new"`
}

type jsonRelatedInformation struct {
	Posn    string `json:"posn"`
	Message string `json:"message"`
}

type jsonError struct {
	Err string `json:"error"`
}

// PrintJSON prints the findings in the x/tools standard JSON shape. Errors
// that belong to no analyzer are listed under the key "idemlint".
func PrintJSON(w io.Writer, res *Result) error {
	tree := make(map[string]map[string]any)
	add := func(pkg, analyzer string, v any) {
		m := tree[pkg]
		if m == nil {
			m = make(map[string]any)
			tree[pkg] = m
		}
		switch cur := m[analyzer].(type) {
		case nil:
			if d, ok := v.(jsonDiagnostic); ok {
				m[analyzer] = []jsonDiagnostic{d}
			} else {
				m[analyzer] = v
			}
		case []jsonDiagnostic:
			if d, ok := v.(jsonDiagnostic); ok {
				m[analyzer] = append(cur, d)
			}
		}
	}
	for _, f := range res.Findings {
		d := jsonDiagnostic{
			Category: f.Diag.Category,
			Posn:     f.Posn.String(),
			Message:  f.Diag.Message,
		}
		if f.Diag.End.IsValid() {
			d.End = f.End.String()
		}
		for _, fix := range f.Diag.SuggestedFixes {
			jf := jsonSuggestedFix{Message: fix.Message}
			for _, e := range fix.TextEdits {
				tf := f.Fset.File(e.Pos)
				if tf == nil {
					continue
				}
				end := e.End
				if !end.IsValid() {
					end = e.Pos
				}
				jf.Edits = append(jf.Edits, jsonTextEdit{Filename: tf.Name(), Start: tf.Offset(e.Pos), End: tf.Offset(end), New: string(e.NewText)})
			}
			d.SuggestedFixes = append(d.SuggestedFixes, jf)
		}
		for _, r := range f.Diag.Related {
			d.Related = append(d.Related, jsonRelatedInformation{Posn: f.Fset.Position(r.Pos).String(), Message: r.Message})
		}
		add(f.Package.PkgPath, f.Analyzer.Name, d)
	}
	for _, e := range res.Errors {
		add("", "idemlint", jsonError{Err: e.Error()})
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "\t")
	return enc.Encode(tree)
}
