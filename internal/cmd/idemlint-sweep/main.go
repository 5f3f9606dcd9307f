// Command idemlint-sweep runs idemlint over checkouts of public Go
// repositories and scores the findings against triage files, so that the
// effect of a change on real code can be measured before and after.
//
// Usage:
//
//	go run ./internal/cmd/idemlint-sweep [flags] LIST.txt...
//	go run ./internal/cmd/idemlint-sweep -diff OLD.json NEW.json
//
// Run it from an idemlint checkout: it builds cmd/idemlint of that
// checkout once, then, for each repository of the list files and each of
// its modules, runs go mod download (a failure is recorded, not fatal),
// go list to count the packages and idemlint -json, with a private GOCACHE
// and the environment of the list line. Findings are merged per
// repository, with paths relative to the checkout, test variants counted
// once. A tool error (idemlint exit status 1, a failed command) is recorded
// with the first lines of its standard error; the sweep goes on.
//
// Flags:
//
//	-root DIR     checkouts root (default $IDEMLINT_SWEEP_ROOT, else /work/sweep/src)
//	-out DIR      where sweep.json and sweep.md go (default sweep-out)
//	-only LIST    comma-separated owner/name of the repositories to run
//	-triage FILE  triage file to score against (repeatable, or comma-separated)
//	-j N          repositories run in parallel (default 1)
//	-gocache DIR  GOCACHE of the runs (default <out>/gocache)
//	-idemlint BIN use this idemlint binary instead of building one
//	-timeout D    limit per command (default 30m)
//	-v            log each command as it starts
//
// A list file has one repository a line: `owner/name commit [dir=PATH]
// [modules=M1,M2] [env=K=V,K2=V2] [patterns=P1,P2]`; a triage file has
// tab-separated `owner/name analyzer path:line TP|FP|MISS|OK shape why`
// lines. docs/sweep/README.md describes both, how to get the checkouts and
// how the scoring counts.
//
// With -triage, sweep.md also gives per analyzer the findings, TP, FP,
// untriaged findings, misses found, precision TP/(TP+FP) and recall
// (TP lines still reported + misses found)/(TP lines + MISS lines), and
// lists the untriaged findings and the misses now found.
//
// -diff prints, per repository, the findings new in NEW.json, gone from
// OLD.json and moved (same analyzer, file and message, another line); it
// exits 0.
package main

import (
	"cmp"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/idemlint/idemlint/analyzers"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// listFlag collects a repeatable, comma-separated flag.
type listFlag []string

func (l *listFlag) String() string { return strings.Join(*l, ",") }
func (l *listFlag) Set(v string) error {
	for _, s := range strings.Split(v, ",") {
		if s = strings.TrimSpace(s); s != "" {
			*l = append(*l, s)
		}
	}
	return nil
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("idemlint-sweep", flag.ContinueOnError)
	fs.SetOutput(stderr)
	root := fs.String("root", cmp.Or(os.Getenv("IDEMLINT_SWEEP_ROOT"), "/work/sweep/src"), "checkouts root; a relative dir= is relative to it")
	out := fs.String("out", "sweep-out", "output `dir` for sweep.json and sweep.md")
	only := fs.String("only", "", "comma-separated owner/name of the repositories to run")
	var triage listFlag
	fs.Var(&triage, "triage", "triage `file` to score against (repeatable or comma-separated)")
	jobs := fs.Int("j", 1, "repositories run in parallel")
	gocache := fs.String("gocache", "", "GOCACHE `dir` of the runs (default <out>/gocache)")
	bin := fs.String("idemlint", "", "idemlint `binary` to run instead of building one")
	timeout := fs.Duration("timeout", 30*time.Minute, "limit per command")
	verbose := fs.Bool("v", false, "log each command as it starts")
	diff := fs.Bool("diff", false, "compare two sweep.json files: -diff OLD.json NEW.json")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *diff {
		return runDiff(fs.Args(), stdout, stderr)
	}
	if fs.NArg() == 0 {
		fmt.Fprintln(stderr, "usage: idemlint-sweep [flags] LIST.txt... | -diff OLD.json NEW.json")
		fs.PrintDefaults()
		return 2
	}
	fail := func(err error) int {
		fmt.Fprintf(stderr, "idemlint-sweep: %v\n", err)
		return 1
	}
	absRoot, err := filepath.Abs(*root)
	if err != nil {
		return fail(err)
	}
	specs, err := parseListFiles(fs.Args(), absRoot)
	if err == nil {
		specs, err = selectRepos(specs, *only)
	}
	if err != nil {
		return fail(err)
	}
	lines, err := parseTriageFiles(triage)
	if err != nil {
		return fail(err)
	}
	if err := os.MkdirAll(*out, 0o755); err != nil {
		return fail(err)
	}
	r := &runner{bin: *bin, gocache: cmp.Or(*gocache, filepath.Join(*out, "gocache")), timeout: *timeout}
	if *verbose {
		var mu sync.Mutex
		r.logf = func(format string, args ...any) {
			mu.Lock()
			defer mu.Unlock()
			fmt.Fprintf(stderr, format, args...)
		}
	}
	if r.gocache, err = filepath.Abs(r.gocache); err != nil {
		return fail(err)
	}
	if r.bin == "" {
		tmp, err := os.MkdirTemp("", "idemlint-sweep-")
		if err != nil {
			return fail(err)
		}
		defer os.RemoveAll(tmp)
		if r.bin, err = buildIdemlint(tmp); err != nil {
			return fail(err)
		}
	} else if r.bin, err = filepath.Abs(r.bin); err != nil {
		return fail(err)
	}

	results := sweepAll(r, specs, max(*jobs, 1), stderr)
	var names []string
	for _, a := range analyzers.All() {
		names = append(names, a.Name)
	}
	sf := sweepFile{Analyzers: names, Repos: results}
	if err := writeSweepJSON(filepath.Join(*out, "sweep.json"), sf); err != nil {
		return fail(err)
	}
	var sc *scoring
	if len(triage) > 0 {
		s := score(results, lines, names)
		sc = &s
	}
	md, err := os.Create(filepath.Join(*out, "sweep.md"))
	if err != nil {
		return fail(err)
	}
	writeMarkdown(md, sf, sc)
	if err := md.Close(); err != nil {
		return fail(err)
	}
	fmt.Fprintf(stdout, "wrote %s and %s\n", filepath.Join(*out, "sweep.json"), filepath.Join(*out, "sweep.md"))
	return 0
}

// sweepAll runs the repositories, jobs at a time, logging each one's
// summary to log; the results keep the list order.
func sweepAll(r *runner, specs []repoSpec, jobs int, log io.Writer) []repoResult {
	results := make([]repoResult, len(specs))
	var mu sync.Mutex
	var wg sync.WaitGroup
	sem := make(chan struct{}, jobs)
	done := 0
	for i, s := range specs {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			res := r.sweepRepo(s)
			results[i] = res
			mu.Lock()
			defer mu.Unlock()
			done++
			fmt.Fprintf(log, "[%d/%d] %s: %d modules, %d packages, %d findings, %d tool errors, %.1fs\n",
				done, len(specs), s.Name, len(res.Modules), res.Packages, len(res.Findings), len(res.ToolErrors), res.WallSeconds)
			switch {
			case res.Head == "" && len(res.Modules) > 0:
				fmt.Fprintf(log, "\twarning: %s is not the top of a git checkout (listed at %s)\n", s.Dir, s.Source)
			case res.Head != "" && res.Head != s.Commit:
				fmt.Fprintf(log, "\twarning: HEAD is %s, %s lists %s\n", res.Head, s.Source, s.Commit)
			}
		}()
	}
	wg.Wait()
	return results
}

func runDiff(args []string, stdout, stderr io.Writer) int {
	if len(args) != 2 {
		fmt.Fprintln(stderr, "usage: idemlint-sweep -diff OLD.json NEW.json")
		return 2
	}
	old, err := readSweepJSON(args[0])
	if err != nil {
		fmt.Fprintf(stderr, "idemlint-sweep: %v\n", err)
		return 1
	}
	cur, err := readSweepJSON(args[1])
	if err != nil {
		fmt.Fprintf(stderr, "idemlint-sweep: %v\n", err)
		return 1
	}
	printDiff(stdout, diffSweeps(old, cur))
	return 0
}
