package main

import (
	"cmp"
	"encoding/json"
	"fmt"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

// finding is one diagnostic, its position relative to the repository root.
type finding struct {
	Analyzer string `json:"analyzer"`
	File     string `json:"file"`
	Line     int    `json:"line"`
	Col      int    `json:"col"`
	Message  string `json:"message"`
}

// xtoolsDiag is the part of an x/tools -json diagnostic the sweep reads.
type xtoolsDiag struct {
	Posn    string `json:"posn"`
	Message string `json:"message"`
}

// parseXToolsJSON reads the x/tools -json tree (package → analyzer →
// diagnostics, or {"error": ...} for an analyzer that failed) and returns
// the findings, positions made relative to the roots (the first that
// contains the file), and the errors as "package: analyzer: error".
func parseXToolsJSON(data []byte, roots []string) ([]finding, []string, error) {
	var tree map[string]map[string]json.RawMessage
	if err := json.Unmarshal(data, &tree); err != nil {
		return nil, nil, fmt.Errorf("reading idemlint -json output: %v", err)
	}
	var found []finding
	var errs []string
	for pkg, byAnalyzer := range tree {
		for analyzer, raw := range byAnalyzer {
			var diags []xtoolsDiag
			if err := json.Unmarshal(raw, &diags); err != nil {
				var e struct {
					Err string `json:"error"`
				}
				if json.Unmarshal(raw, &e) != nil || e.Err == "" {
					return nil, nil, fmt.Errorf("idemlint -json: %s: %s: unexpected value %s", pkg, analyzer, raw)
				}
				errs = append(errs, fmt.Sprintf("%s: %s: %s", cmp.Or(pkg, "-"), analyzer, e.Err))
				continue
			}
			for _, d := range diags {
				file, line, col := splitPosn(d.Posn)
				found = append(found, finding{analyzer, relativeTo(file, roots), line, col, d.Message})
			}
		}
	}
	slices.Sort(errs)
	return found, errs, nil
}

// splitPosn splits "file:line:col" (or "file:line"); a position it cannot
// read stays whole in file.
func splitPosn(posn string) (file string, line, col int) {
	rest, last, ok := cutLastNumber(posn)
	if !ok {
		return posn, 0, 0
	}
	if file, l, ok := cutLastNumber(rest); ok {
		return file, l, last
	}
	return rest, last, 0
}

func cutLastNumber(s string) (string, int, bool) {
	i := strings.LastIndexByte(s, ':')
	if i < 0 {
		return s, 0, false
	}
	n, err := strconv.Atoi(s[i+1:])
	if err != nil {
		return s, 0, false
	}
	return s[:i], n, true
}

// relativeTo makes file relative to the first root that contains it, with
// forward slashes; a file outside every root stays absolute.
func relativeTo(file string, roots []string) string {
	for _, r := range roots {
		rel, err := filepath.Rel(r, file)
		if err == nil && rel != ".." && !strings.HasPrefix(rel, "../") {
			return filepath.ToSlash(rel)
		}
	}
	return file
}

// dedupFindings sorts the findings and drops those reported twice (a
// package and its test variant report the same position).
func dedupFindings(fs []finding) []finding {
	slices.SortFunc(fs, compareFindings)
	return slices.Compact(fs)
}

func compareFindings(a, b finding) int {
	return cmp.Or(
		cmp.Compare(a.File, b.File),
		cmp.Compare(a.Line, b.Line),
		cmp.Compare(a.Col, b.Col),
		cmp.Compare(a.Analyzer, b.Analyzer),
		cmp.Compare(a.Message, b.Message),
	)
}
