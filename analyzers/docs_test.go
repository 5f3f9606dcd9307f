package analyzers_test

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/idemlint/idemlint/analyzers"
	"github.com/idemlint/idemlint/internal/docgen"
)

//go:generate go test -run TestGeneratedDocs -update .

var update = flag.Bool("update", false, "rewrite docs/<analyzer>.md from the analyzers' doc.go")

// TestGeneratedDocs checks that docs/<analyzer>.md matches the analyzer's doc.go.
func TestGeneratedDocs(t *testing.T) {
	for _, a := range analyzers.All() {
		path := filepath.Join("..", "docs", a.Name+".md")
		want := docgen.Markdown(a)
		if *update {
			if err := os.WriteFile(path, want, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		got, err := os.ReadFile(path)
		if err != nil {
			t.Errorf("%s: %v (run go generate ./analyzers)", a.Name, err)
			continue
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s is out of date with analyzers/%s/doc.go: run go generate ./analyzers", path, a.Name)
		}
	}
}
