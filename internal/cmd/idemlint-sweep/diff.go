package main

import (
	"fmt"
	"io"
	"regexp"
	"slices"
)

// repoDiff is how one repository's findings changed between two sweeps.
type repoDiff struct {
	Repo      string
	New, Gone []finding
	Moved     [][2]finding // old, new
	Note      string       // "only in OLD" / "only in NEW"
}

// diffSweeps compares two sweeps finding by finding. A finding is the same
// when repository, analyzer, file, line and message agree; it moved when
// only the line differs (line numbers inside the message, such as "at
// x.go:14", are ignored for that). Repositories without changes are left out.
func diffSweeps(old, cur sweepFile) []repoDiff {
	oldBy := make(map[string][]finding)
	for _, r := range old.Repos {
		oldBy[r.Repo] = r.Findings
	}
	curBy := make(map[string][]finding)
	var order []string
	for _, r := range cur.Repos {
		curBy[r.Repo] = r.Findings
		order = append(order, r.Repo)
	}
	for _, r := range old.Repos {
		if _, ok := curBy[r.Repo]; !ok {
			order = append(order, r.Repo)
		}
	}
	var diffs []repoDiff
	for _, repo := range order {
		o, inOld := oldBy[repo]
		c, inCur := curBy[repo]
		d := diffFindings(o, c)
		d.Repo = repo
		switch {
		case !inOld:
			d.Note = "only in NEW"
		case !inCur:
			d.Note = "only in OLD"
		}
		if len(d.New)+len(d.Gone)+len(d.Moved) > 0 || d.Note != "" {
			diffs = append(diffs, d)
		}
	}
	return diffs
}

func diffFindings(old, cur []finding) repoDiff {
	same := func(a, b finding) bool {
		return a.Analyzer == b.Analyzer && a.File == b.File && a.Line == b.Line && a.Message == b.Message
	}
	gone := slices.Clone(old)
	var added []finding
	for _, f := range cur {
		if i := slices.IndexFunc(gone, func(g finding) bool { return same(g, f) }); i >= 0 {
			gone = slices.Delete(gone, i, i+1)
		} else {
			added = append(added, f)
		}
	}
	var d repoDiff
	for _, f := range added {
		i := slices.IndexFunc(gone, func(g finding) bool {
			return g.Analyzer == f.Analyzer && g.File == f.File && sameModuloLines(g.Message, f.Message)
		})
		if i < 0 {
			d.New = append(d.New, f)
			continue
		}
		d.Moved = append(d.Moved, [2]finding{gone[i], f})
		gone = slices.Delete(gone, i, i+1)
	}
	d.Gone = gone
	return d
}

var goLineRef = regexp.MustCompile(`\.go:\d+`)

func sameModuloLines(a, b string) bool {
	return goLineRef.ReplaceAllString(a, ".go:N") == goLineRef.ReplaceAllString(b, ".go:N")
}

// printDiff writes the differences, one section per repository.
func printDiff(w io.Writer, diffs []repoDiff) {
	if len(diffs) == 0 {
		fmt.Fprintln(w, "no differences")
		return
	}
	for _, d := range diffs {
		fmt.Fprintf(w, "== %s: %d new, %d gone, %d moved", d.Repo, len(d.New), len(d.Gone), len(d.Moved))
		if d.Note != "" {
			fmt.Fprintf(w, " (%s)", d.Note)
		}
		fmt.Fprintln(w)
		for _, f := range d.New {
			fmt.Fprintf(w, "+ %s %s:%d: %s\n", f.Analyzer, f.File, f.Line, f.Message)
		}
		for _, f := range d.Gone {
			fmt.Fprintf(w, "- %s %s:%d: %s\n", f.Analyzer, f.File, f.Line, f.Message)
		}
		for _, m := range d.Moved {
			fmt.Fprintf(w, "~ %s %s:%d -> %d: %s\n", m[1].Analyzer, m[1].File, m[0].Line, m[1].Line, m[1].Message)
		}
	}
}
