// Package analysisdoc extracts an analyzer's documentation from its doc.go.
//
// It is a copy of golang.org/x/tools/internal/analysis/analyzerutil.ExtractDoc,
// which is internal to x/tools and so cannot be imported.
package analysisdoc

import (
	"fmt"
	"go/parser"
	"go/token"
	"strings"
)

// MustExtractDoc is like [ExtractDoc] but panics on error.
func MustExtractDoc(content, name string) string {
	doc, err := ExtractDoc(content, name)
	if err != nil {
		panic(err)
	}
	return doc
}

// ExtractDoc returns the documentation of analyzer name from the package
// doc comment of the Go source content: the section that starts with the
// heading "# Analyzer name", followed by a "name: summary" line.
// The result starts with the summary.
func ExtractDoc(content, name string) (string, error) {
	if content == "" {
		return "", fmt.Errorf("empty Go source file")
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "", content, parser.ParseComments|parser.PackageClauseOnly)
	if err != nil {
		return "", fmt.Errorf("not a Go source file")
	}
	if f.Doc == nil {
		return "", fmt.Errorf("Go source file has no package doc comment")
	}
	for section := range strings.SplitSeq(f.Doc.Text(), "\n# ") {
		body, ok := strings.CutPrefix(section, "Analyzer "+name)
		if !ok || body == "" || (body[0] != '\r' && body[0] != '\n') {
			continue
		}
		body = strings.TrimSpace(body)
		rest, ok := strings.CutPrefix(body, name+":")
		if !ok {
			return "", fmt.Errorf("'Analyzer %s' heading not followed by '%s: summary...' line", name, name)
		}
		return strings.TrimSpace(rest), nil
	}
	return "", fmt.Errorf("package doc comment contains no 'Analyzer %s' heading", name)
}
