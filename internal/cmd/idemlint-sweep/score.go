package main

import "slices"

// nearLines is how far a finding may be from a triage line and still match
// it (the exact line is preferred).
const nearLines = 3

// analyzerScore is one analyzer's row of the triage scoring.
type analyzerScore struct {
	Analyzer     string
	Findings     int // findings reported
	TP, FP       int // findings at TP lines; at FP or OK lines
	AtMiss       int // findings at MISS lines (a miss now found)
	Untriaged    int // findings at no triage line
	TPLines      int // TP lines of the swept repositories
	TPLinesFound int // TP lines some finding still matches
	Misses       int // MISS lines of the swept repositories
	MissesFound  int // MISS lines some finding now matches
}

// precision is TP/(TP+FP); ok is false when nothing was judged.
func (s analyzerScore) precision() (num, den int, ok bool) {
	return s.TP, s.TP + s.FP, s.TP+s.FP > 0
}

// recall is (TP lines found + misses found)/(TP lines + MISS lines).
func (s analyzerScore) recall() (num, den int, ok bool) {
	return s.TPLinesFound + s.MissesFound, s.TPLines + s.Misses, s.TPLines+s.Misses > 0
}

// located is a finding with its repository.
type located struct {
	Repo string
	finding
}

// scoring is the comparison of a sweep with the triage files.
type scoring struct {
	Scores      []analyzerScore
	Untriaged   []located    // findings at no triage line
	OKReported  []located    // findings at a line triaged OK (correct form)
	MissesFound []triageLine // MISS lines a finding now matches
	MissesLeft  []triageLine // MISS lines no finding matches yet
	TPLost      []triageLine // TP lines no finding matches any more
}

// score compares the findings with the triage lines of the repositories
// swept. analyzers gives the row order; others follow in name order.
func score(repos []repoResult, triage []triageLine, analyzers []string) scoring {
	swept := make(map[string][]finding)
	for _, r := range repos {
		swept[r.Repo] = r.Findings
	}
	var lines []triageLine
	for _, l := range triage {
		if _, ok := swept[l.Repo]; ok {
			lines = append(lines, l)
		}
	}
	rows := make(map[string]*analyzerScore)
	row := func(a string) *analyzerScore {
		if rows[a] == nil {
			rows[a] = &analyzerScore{Analyzer: a}
		}
		return rows[a]
	}
	for _, a := range analyzers {
		row(a)
	}
	var sc scoring
	for _, r := range repos {
		for _, f := range r.Findings {
			s := row(f.Analyzer)
			s.Findings++
			best := bestMatch(r.Repo, f, lines)
			switch {
			case best == nil:
				s.Untriaged++
				sc.Untriaged = append(sc.Untriaged, located{r.Repo, f})
			case best.Verdict == verdictTP:
				s.TP++
			case best.Verdict == verdictFP:
				s.FP++
			case best.Verdict == verdictOK:
				s.FP++
				sc.OKReported = append(sc.OKReported, located{r.Repo, f})
			case best.Verdict == verdictMiss:
				s.AtMiss++
			}
		}
	}
	for _, l := range lines {
		s := row(l.Analyzer)
		found := slices.ContainsFunc(swept[l.Repo], func(f finding) bool { return matches(l.Repo, f, l) })
		switch l.Verdict {
		case verdictTP:
			s.TPLines++
			if found {
				s.TPLinesFound++
			} else {
				sc.TPLost = append(sc.TPLost, l)
			}
		case verdictMiss:
			s.Misses++
			if found {
				s.MissesFound++
				sc.MissesFound = append(sc.MissesFound, l)
			} else {
				sc.MissesLeft = append(sc.MissesLeft, l)
			}
		}
	}
	var extra []string
	for a := range rows {
		if !slices.Contains(analyzers, a) {
			extra = append(extra, a)
		}
	}
	slices.Sort(extra)
	for _, a := range append(slices.Clone(analyzers), extra...) {
		sc.Scores = append(sc.Scores, *rows[a])
	}
	return sc
}

// matches reports whether f (of repo) is at the triage line l: same
// repository, analyzer and file, within nearLines lines.
func matches(repo string, f finding, l triageLine) bool {
	return repo == l.Repo && f.Analyzer == l.Analyzer && f.File == l.File && abs(f.Line-l.Line) <= nearLines
}

// bestMatch is the triage line f is at: the exact line, else the nearest
// within nearLines (the first listed on a tie); nil when none.
func bestMatch(repo string, f finding, lines []triageLine) *triageLine {
	var best *triageLine
	for i := range lines {
		l := &lines[i]
		if matches(repo, f, *l) && (best == nil || abs(f.Line-l.Line) < abs(f.Line-best.Line)) {
			best = l
		}
	}
	return best
}

func abs(x int) int { return max(x, -x) }
