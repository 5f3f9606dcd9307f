package sqlcfiles

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

func render(fs []Finding) string {
	var b strings.Builder
	for _, f := range fs {
		name := filepath.ToSlash(f.File)
		// Keep only the head of the message: the rest is checked once below.
		msg, _, _ := strings.Cut(f.Message, ": ")
		b.WriteString(name + ":" + itoa(f.Line) + ":" + itoa(f.Col) + ": " + msg + " (" + f.Analyzer + ")\n")
	}
	return b.String()
}

func itoa(i int) string { return strconv.Itoa(i) }

func TestCheck(t *testing.T) {
	tests := []struct {
		name  string
		paths []string
		want  string
	}{
		{"v1 directory queries", []string{"testdata/mod/v1"}, `
testdata/mod/v1/sql/query/events.sql:1:31: sqlc :one query InsertProcessedEvent uses INSERT ... ON CONFLICT DO NOTHING RETURNING (onconflict)
`},
		{"v2 yml file queries", []string{"testdata/mod/v2/sqlc.yml"}, `
testdata/mod/v2/query.sql:8:19: sqlc :one query ClaimKey uses INSERT ... ON CONFLICT DO NOTHING RETURNING (onconflict)
`},
		{"json list", []string{"testdata/mod/json/"}, `
testdata/mod/json/q/a.sql:1:12: sqlc :one query A uses INSERT ... ON CONFLICT DO NOTHING RETURNING (onconflict)
testdata/mod/json/q/b.sql:3:12: sqlc :batchone query C uses INSERT ... ON CONFLICT DO NOTHING RETURNING (onconflict)
`},
		{"yaml list, files seen once", []string{"testdata/mod/list", "testdata/mod/v2/..."}, `
testdata/mod/json/q/a.sql:1:12: sqlc :one query A uses INSERT ... ON CONFLICT DO NOTHING RETURNING (onconflict)
testdata/mod/v2/query.sql:8:19: sqlc :one query ClaimKey uses INSERT ... ON CONFLICT DO NOTHING RETURNING (onconflict)
`},
		{"whole tree", []string{"testdata/mod/..."}, `
testdata/mod/json/q/a.sql:1:12: sqlc :one query A uses INSERT ... ON CONFLICT DO NOTHING RETURNING (onconflict)
testdata/mod/json/q/b.sql:3:12: sqlc :batchone query C uses INSERT ... ON CONFLICT DO NOTHING RETURNING (onconflict)
testdata/mod/v1/sql/query/events.sql:1:31: sqlc :one query InsertProcessedEvent uses INSERT ... ON CONFLICT DO NOTHING RETURNING (onconflict)
testdata/mod/v2/query.sql:8:19: sqlc :one query ClaimKey uses INSERT ... ON CONFLICT DO NOTHING RETURNING (onconflict)
`},
		{"a .sql file given directly", []string{"testdata/loose/one.sql"}, `
testdata/loose/one.sql:1:16: sqlc :one query Loose uses INSERT ... ON CONFLICT DO NOTHING RETURNING (onconflict)
`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Check(tt.paths)
			if err != nil {
				t.Fatal(err)
			}
			if g := render(got); g != strings.TrimPrefix(tt.want, "\n") {
				t.Errorf("got\n%swant\n%s", g, strings.TrimPrefix(tt.want, "\n"))
			}
		})
	}
}

func TestMessage(t *testing.T) {
	got, err := Check([]string{"testdata/loose/one.sql"})
	if err != nil || len(got) != 1 {
		t.Fatalf("Check = %v, %v", got, err)
	}
	f := got[0]
	for _, want := range []string{":execrows without RETURNING", "RETURNING (xmax = 0) AS inserted", "fine only if every caller handles \"no row\"", "pgx.ErrNoRows"} {
		if !strings.Contains(f.Message, want) {
			t.Errorf("message %q does not mention %q", f.Message, want)
		}
	}
	if s := f.String(); !strings.HasPrefix(s, "testdata/loose/one.sql:1:16: sqlc :one query Loose") || !strings.HasSuffix(s, " (onconflict)") {
		t.Errorf("String() = %q", s)
	}
}

func TestErrors(t *testing.T) {
	for _, p := range []string{"testdata/bad.yaml", "testdata/nonexistent", "testdata/mod/v1/sql/query/notes.txt"} {
		if p == "testdata/bad.yaml" {
			// Not named like a config: pass it through a temporary directory.
			dir := t.TempDir()
			data, _ := os.ReadFile(p)
			p = filepath.Join(dir, "sqlc.yaml")
			os.WriteFile(p, data, 0o644)
		}
		if _, err := Check([]string{p}); err == nil {
			t.Errorf("Check(%s): no error", p)
		}
	}
}

func TestModuleRoot(t *testing.T) {
	// With no paths the module root is searched: this repository's own tree
	// holds no sqlc configuration outside testdata, examples aside, so
	// Check must simply not fail.
	if _, err := Check(nil); err != nil {
		t.Fatal(err)
	}
}
