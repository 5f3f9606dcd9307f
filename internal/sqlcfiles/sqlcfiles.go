// Package sqlcfiles checks sqlc query files for onconflict's "-sqlc" mode:
// a ":one" query whose INSERT ... ON CONFLICT ... DO NOTHING ... RETURNING
// returns no row on a duplicate, so the generated method fails with
// pgx.ErrNoRows (sql.ErrNoRows) exactly when a retry or redelivery repeats
// the insert.
//
// The analyzer cannot do this itself: analyzers read no files outside their
// package (so they keep working under go vet, golangci-lint and Bazel nogo).
// The idemlint command calls [Check] when asked (-sqlc), and so does the
// pre-commit hook. Query files are found as arguments (*.sql with
// "-- name:" headers) or through sqlc configuration files (sqlc.yaml,
// sqlc.yml, sqlc.json; versions 1 and 2; "queries" as a file, a directory or
// a list).
package sqlcfiles

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/idemlint/idemlint/internal/sqlscan"
)

// Analyzer is the analyzer name findings are reported under.
const Analyzer = "onconflict"

// A Finding is one warning about a query file.
type Finding struct {
	File      string // path of the .sql file, as found
	Line, Col int    // 1-based; Col in bytes
	Message   string
	Analyzer  string // always "onconflict"
}

// String returns "file:line:col: message (onconflict)".
func (f Finding) String() string {
	return fmt.Sprintf("%s:%d:%d: %s (%s)", f.File, f.Line, f.Col, f.Message, f.Analyzer)
}

// Check checks the query files that paths name: a .sql file is checked
// itself; a sqlc configuration file (sqlc.yaml, sqlc.yml, sqlc.json) names
// its query files; a directory is searched recursively for configuration
// files (a trailing "/..." is allowed, as in Go package patterns). With no
// paths, the current module (the directory of the nearest go.mod, or the
// working directory) is searched. Findings are sorted by file and position;
// every query file is checked once.
func Check(paths []string) ([]Finding, error) {
	if len(paths) == 0 {
		root, err := moduleRoot()
		if err != nil {
			return nil, err
		}
		paths = []string{root}
	}
	files, err := QueryFiles(paths)
	if err != nil {
		return nil, err
	}
	var out []Finding
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		out = append(out, CheckSource(f, string(src))...)
	}
	sort.SliceStable(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.File != b.File {
			return a.File < b.File
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		return a.Col < b.Col
	})
	return out, nil
}

// CheckSource checks the text of one query file named name.
func CheckSource(name, src string) []Finding {
	var out []Finding
	for _, q := range sqlscan.SplitQueries(src) {
		if q.Header.Cmd != ":one" && q.Header.Cmd != ":batchone" {
			continue
		}
		for i := range q.Statements {
			if !q.Statements[i].NoRowOnConflict() {
				continue
			}
			line, col := sqlscan.LineCol(src, q.Header.CmdPos)
			out = append(out, Finding{File: name, Line: line, Col: col, Analyzer: Analyzer, Message: message(q.Header)})
			break
		}
	}
	return out
}

func message(h sqlscan.Header) string {
	return fmt.Sprintf("sqlc %s query %s uses INSERT ... ON CONFLICT DO NOTHING RETURNING: on a duplicate it returns no row and the generated method fails with pgx.ErrNoRows, exactly on the retry or redelivery it should absorb; "+
		"this is fine only if every caller handles \"no row\" as already done (errors.Is(err, pgx.ErrNoRows)); otherwise declare it :execrows without RETURNING and check the count, or use ON CONFLICT ... DO UPDATE SET ... RETURNING (xmax = 0) AS inserted",
		h.Cmd, h.Name)
}

// moduleRoot returns the directory of the nearest go.mod above the working
// directory, or the working directory.
func moduleRoot() (string, error) {
	wd, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for dir := wd; ; {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return rel(wd, dir), nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return ".", nil
		}
		dir = parent
	}
}

func rel(wd, p string) string {
	if r, err := filepath.Rel(wd, p); err == nil && !strings.HasPrefix(r, "..") {
		return r
	}
	return p
}
