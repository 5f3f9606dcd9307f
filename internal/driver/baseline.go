package driver

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
)

// A baseline records the findings a team accepts today, so that a gate
// fails only on new ones. Findings are matched by analyzer, file and
// fingerprint (the message and the text of the reported line, not its
// number), counted, so that a second identical finding in a file is new.

// BaselineEntry is one recorded finding.
type BaselineEntry struct {
	Analyzer    string `json:"analyzer"`
	File        string `json:"file"`
	Line        int    `json:"line"` // informational only: matching ignores it
	Fingerprint string `json:"fingerprint"`
	Message     string `json:"message"`
}

type baselineFile struct {
	Version  int             `json:"version"`
	Findings []BaselineEntry `json:"findings"`
}

// WriteBaseline records res's findings in path.
func WriteBaseline(path, dir string, res *Result) error {
	b := baselineFile{Version: 1, Findings: []BaselineEntry{}}
	for _, f := range res.Findings {
		b.Findings = append(b.Findings, BaselineEntry{
			Analyzer:    f.Analyzer.Name,
			File:        filepath.ToSlash(RelPath(dir, f.Posn.Filename)),
			Line:        f.Posn.Line,
			Fingerprint: Fingerprint(dir, f),
			Message:     f.Diag.Message,
		})
	}
	data, err := json.MarshalIndent(b, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(path, append(data, '\n'), 0o644)
}

// ErrNoBaseline is returned by ApplyBaseline when the file does not exist.
var ErrNoBaseline = errors.New("no baseline file")

// ApplyBaseline drops from res the findings recorded in the baseline at
// path and returns how many it dropped and how many of its entries matched
// no finding (stale: fixed, or changed beyond recognition).
func ApplyBaseline(path, dir string, res *Result) (dropped, stale int, err error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return 0, 0, ErrNoBaseline
	}
	if err != nil {
		return 0, 0, err
	}
	var b baselineFile
	if err := json.Unmarshal(data, &b); err != nil {
		return 0, 0, fmt.Errorf("baseline %s: %v", path, err)
	}
	if b.Version != 1 {
		return 0, 0, fmt.Errorf("baseline %s: unknown version %d (want 1)", path, b.Version)
	}
	type key struct{ analyzer, file, fingerprint string }
	known := make(map[key]int)
	for _, e := range b.Findings {
		known[key{e.Analyzer, e.File, e.Fingerprint}]++
	}
	kept := res.Findings[:0]
	for _, f := range res.Findings {
		k := key{f.Analyzer.Name, filepath.ToSlash(RelPath(dir, f.Posn.Filename)), Fingerprint(dir, f)}
		if known[k] > 0 {
			known[k]--
			dropped++
			continue
		}
		kept = append(kept, f)
	}
	res.Findings = kept
	for _, n := range known {
		stale += n
	}
	return dropped, stale, nil
}

var (
	linesMu sync.Mutex
	lines   = make(map[fileVersion][]string)
)

// fileVersion identifies the content of a file without reading it.
type fileVersion struct {
	name    string
	size    int64
	modTime int64
}

// lineText returns line n (1-based) of a file, whitespace trimmed.
func lineText(filename string, n int) string {
	linesMu.Lock()
	defer linesMu.Unlock()
	v := fileVersion{name: filename}
	if st, err := os.Stat(filename); err == nil {
		v.size, v.modTime = st.Size(), st.ModTime().UnixNano()
	}
	ls, ok := lines[v]
	if !ok {
		if f, err := os.Open(filename); err == nil {
			sc := bufio.NewScanner(f)
			sc.Buffer(make([]byte, 0, 64*1024), 16*1024*1024)
			for sc.Scan() {
				ls = append(ls, sc.Text())
			}
			f.Close()
		}
		lines[v] = ls
	}
	if n < 1 || n > len(ls) {
		return ""
	}
	return strings.TrimSpace(ls[n-1])
}
