package main

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
)

// Verdicts of a triage line.
const (
	verdictTP   = "TP"   // reported, a real bug
	verdictFP   = "FP"   // reported, the code is correct or safe
	verdictMiss = "MISS" // a real bug idemlint does not report there
	verdictOK   = "OK"   // a correct form that must stay silent
)

// triageLine is one judged location of a triage file.
type triageLine struct {
	Repo, Analyzer, File string
	Line                 int
	Verdict, Shape, Why  string
	Source               string // file:line, for messages
}

// parseTriageFiles reads tab-separated triage files:
// repo, analyzer, path:line, verdict, shape, why.
func parseTriageFiles(paths []string) ([]triageLine, error) {
	var lines []triageLine
	for _, p := range paths {
		got, err := parseTriageFile(p)
		if err != nil {
			return nil, err
		}
		lines = append(lines, got...)
	}
	return lines, nil
}

func parseTriageFile(path string) ([]triageLine, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var lines []triageLine
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		text := sc.Text()
		if t := strings.TrimSpace(text); t == "" || strings.HasPrefix(t, "#") {
			continue
		}
		fields := strings.Split(text, "\t")
		for i := range fields {
			fields[i] = strings.TrimSpace(fields[i])
		}
		if len(fields) < 4 {
			return nil, fmt.Errorf("%s:%d: want repo, analyzer, path:line, verdict, shape, why separated by tabs", path, n)
		}
		l := triageLine{Repo: fields[0], Analyzer: fields[1], Verdict: fields[3], Source: fmt.Sprintf("%s:%d", path, n)}
		i := strings.LastIndexByte(fields[2], ':')
		if i > 0 {
			l.File = fields[2][:i]
			l.Line, err = strconv.Atoi(fields[2][i+1:])
		}
		if i <= 0 || err != nil {
			return nil, fmt.Errorf("%s:%d: location %q is not path:line", path, n, fields[2])
		}
		switch l.Verdict {
		case verdictTP, verdictFP, verdictMiss, verdictOK:
		default:
			return nil, fmt.Errorf("%s:%d: verdict %q is not TP, FP, MISS or OK", path, n, l.Verdict)
		}
		if len(fields) > 4 {
			l.Shape = fields[4]
		}
		if len(fields) > 5 {
			l.Why = strings.Join(fields[5:], " ")
		}
		lines = append(lines, l)
	}
	return lines, sc.Err()
}
