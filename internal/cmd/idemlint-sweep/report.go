package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
)

// sweepFile is the content of sweep.json.
type sweepFile struct {
	Analyzers []string     `json:"analyzers"`
	Repos     []repoResult `json:"repos"`
}

func writeSweepJSON(path string, s sweepFile) error {
	data, err := json.MarshalIndent(s, "", "\t")
	if err != nil {
		return err
	}
	return os.WriteFile(path, append(data, '\n'), 0o644)
}

func readSweepJSON(path string) (sweepFile, error) {
	var s sweepFile
	data, err := os.ReadFile(path)
	if err != nil {
		return s, err
	}
	if err := json.Unmarshal(data, &s); err != nil {
		return s, fmt.Errorf("%s: %v", path, err)
	}
	return s, nil
}

// writeMarkdown writes the sweep table, the tool errors, the checkouts not
// at their commit and, when sc is not nil, the triage scoring.
func writeMarkdown(w io.Writer, s sweepFile, sc *scoring) {
	fmt.Fprintf(w, "# idemlint sweep\n\n")
	fmt.Fprintf(w, "| repo | modules | packages | %s | tool errors | wall |\n", strings.Join(s.Analyzers, " | "))
	fmt.Fprintf(w, "|---|---:|---:|%s---:|---:|\n", strings.Repeat("---:|", len(s.Analyzers)))
	var tot repoResult
	totBy := make(map[string]int)
	for _, r := range s.Repos {
		by := countByAnalyzer(r.Findings)
		fmt.Fprintf(w, "| %s | %d | %d | %s | %d | %.1fs |\n", r.Repo, len(r.Modules), r.Packages,
			joinCounts(s.Analyzers, by), len(r.ToolErrors), r.WallSeconds)
		tot.Modules = append(tot.Modules, r.Modules...)
		tot.Packages += r.Packages
		tot.ToolErrors = append(tot.ToolErrors, r.ToolErrors...)
		tot.WallSeconds += r.WallSeconds
		for a, n := range by {
			totBy[a] += n
		}
	}
	fmt.Fprintf(w, "| **total** | %d | %d | %s | %d | %.1fs |\n", len(tot.Modules), tot.Packages,
		joinCounts(s.Analyzers, totBy), len(tot.ToolErrors), roundTenth(tot.WallSeconds))

	if len(tot.ToolErrors) > 0 {
		fmt.Fprintf(w, "\n## Tool errors\n\n")
		for _, r := range s.Repos {
			for _, e := range r.ToolErrors {
				fmt.Fprintf(w, "- %s: %s\n", r.Repo, indentRest(e))
			}
		}
	}
	var off []string
	for _, r := range s.Repos {
		switch {
		case r.Head == "":
			off = append(off, fmt.Sprintf("- %s: not a git checkout (listed %s)", r.Repo, r.Commit))
		case r.Head != r.Commit:
			off = append(off, fmt.Sprintf("- %s: HEAD %s, listed %s", r.Repo, r.Head, r.Commit))
		}
	}
	if len(off) > 0 {
		fmt.Fprintf(w, "\n## Checkouts not at the listed commit\n\n%s\n", strings.Join(off, "\n"))
	}
	if sc != nil {
		writeScoring(w, *sc)
	}
}

func writeScoring(w io.Writer, sc scoring) {
	fmt.Fprintf(w, "\n## Triage\n\n")
	fmt.Fprintf(w, "| analyzer | findings | TP | FP | untriaged | misses found | precision | recall |\n")
	fmt.Fprintf(w, "|---|---:|---:|---:|---:|---:|---:|---:|\n")
	for _, s := range append(slices.Clone(sc.Scores), sumScores("**all**", sc.Scores)) {
		fmt.Fprintf(w, "| %s | %d | %d | %d | %d | %d/%d | %s | %s |\n", s.Analyzer, s.Findings, s.TP, s.FP,
			s.Untriaged, s.MissesFound, s.Misses, ratio(s.precision()), ratio(s.recall()))
	}
	fmt.Fprintf(w, "\nprecision = TP/(TP+FP), a finding at an OK line counting as FP; recall = (TP lines still reported + misses found)/(TP lines + MISS lines). A finding matches a triage line of its repository, analyzer and file at the same line or within %d lines.\n", nearLines)
	list := func(title string, items []string) {
		if len(items) > 0 {
			fmt.Fprintf(w, "\n### %s\n\n%s\n", title, strings.Join(items, "\n"))
		}
	}
	list("Untriaged findings", formatLocated(sc.Untriaged))
	list("Misses now found", formatTriage(sc.MissesFound))
	list("Misses still missed", formatTriage(sc.MissesLeft))
	list("Correct forms (OK lines) now reported", formatLocated(sc.OKReported))
	list("TP lines no longer reported", formatTriage(sc.TPLost))
}

// sumScores adds up the rows of every analyzer.
func sumScores(name string, rows []analyzerScore) analyzerScore {
	all := analyzerScore{Analyzer: name}
	for _, s := range rows {
		all.Findings += s.Findings
		all.TP += s.TP
		all.FP += s.FP
		all.AtMiss += s.AtMiss
		all.Untriaged += s.Untriaged
		all.TPLines += s.TPLines
		all.TPLinesFound += s.TPLinesFound
		all.Misses += s.Misses
		all.MissesFound += s.MissesFound
	}
	return all
}

func countByAnalyzer(fs []finding) map[string]int {
	by := make(map[string]int)
	for _, f := range fs {
		by[f.Analyzer]++
	}
	return by
}

func joinCounts(analyzers []string, by map[string]int) string {
	cells := make([]string, len(analyzers))
	for i, a := range analyzers {
		cells[i] = fmt.Sprint(by[a])
	}
	return strings.Join(cells, " | ")
}

// ratio formats num/den as "num/den = P%", or "n/a" when not ok.
func ratio(num, den int, ok bool) string {
	if !ok {
		return "n/a"
	}
	return fmt.Sprintf("%d/%d = %.0f%%", num, den, 100*float64(num)/float64(den))
}

func formatLocated(ls []located) []string {
	out := make([]string, len(ls))
	for i, l := range ls {
		out[i] = fmt.Sprintf("- %s `%s:%d:%d` %s: %s", l.Repo, l.File, l.Line, l.Col, l.Analyzer, l.Message)
	}
	return out
}

func formatTriage(ls []triageLine) []string {
	out := make([]string, len(ls))
	for i, l := range ls {
		out[i] = fmt.Sprintf("- %s `%s:%d` %s (%s): %s", l.Repo, l.File, l.Line, l.Analyzer, l.Shape, l.Why)
	}
	return out
}

// indentRest indents the lines after the first so that a multi-line tool
// error stays inside its list item.
func indentRest(s string) string {
	return strings.ReplaceAll(s, "\n", "\n  ")
}
