package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime/pprof"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/analyzers"
	"github.com/idemlint/idemlint/internal/driver"
	"github.com/idemlint/idemlint/internal/gate"
)

// Exit codes.
const (
	exitClean    = 0
	exitError    = 1
	exitFindings = 3
)

type options struct {
	json      bool
	fix       bool
	diff      bool
	tests     bool
	fullGraph bool
	factsFrom string
	tags      string
	sarif     string
	codeclim  string
	baseline  string
	update    bool
	version   bool
	sqlc      bool
	config    string
	cpuprof   string
	memprof   string
	enabled   map[string]*triState
}

// triState is an analyzer's enable flag: unset, true or false.
type triState struct{ set, on bool }

func (t *triState) String() string {
	if t == nil || !t.set {
		return ""
	}
	return fmt.Sprint(t.on)
}
func (t *triState) Set(v string) error {
	switch v {
	case "true", "1", "":
		t.set, t.on = true, true
	case "false", "0":
		t.set, t.on = true, false
	default:
		return fmt.Errorf("want true or false, got %q", v)
	}
	return nil
}
func (t *triState) IsBoolFlag() bool { return true }

func run(args []string, stdout, stderr io.Writer) int {
	all := analyzers.All()
	fs := flag.NewFlagSet("idemlint", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var o options
	fs.BoolVar(&o.json, "json", false, "print findings as JSON (the x/tools standard shape)")
	fs.BoolVar(&o.fix, "fix", false, "apply suggested fixes")
	fs.BoolVar(&o.diff, "diff", false, "print the suggested fixes as a unified diff instead of the findings, changing no file (with or without -fix)")
	fs.BoolVar(&o.tests, "test", true, "also analyse test files")
	fs.BoolVar(&o.fullGraph, "full-graph", false, "analyse every dependency from source, like the stock checker (slow; for debugging)")
	fs.StringVar(&o.factsFrom, "facts-from", "", "comma-separated import-path patterns (e.g. github.com/acme/...) of other modules whose helpers count like the module's own")
	fs.StringVar(&o.tags, "tags", "", "comma-separated build tags")
	fs.StringVar(&o.sarif, "sarif", "", "also write the findings as SARIF 2.1.0 to `file` (- for standard output)")
	fs.StringVar(&o.codeclim, "codeclimate", "", "also write the findings as a Code Climate JSON report (GitLab's code quality) to `file` (- for standard output)")
	fs.StringVar(&o.baseline, "baseline", "", "report only findings not recorded in the baseline `file` (a missing file is an error; record one with -update-baseline)")
	fs.BoolVar(&o.sqlc, "sqlc", false, "also check sqlc query files (.sql arguments, or found through sqlc.yaml/sqlc.yml/sqlc.json under the patterns) for :one INSERT ... ON CONFLICT DO NOTHING RETURNING queries")
	fs.StringVar(&o.cpuprof, "cpuprofile", "", "write a CPU profile to `file`")
	fs.StringVar(&o.memprof, "memprofile", "", "write an allocation profile to `file` when the run ends")
	fs.StringVar(&o.config, "config", "", "configuration `file` (default: .idemlint.yml in the working directory or a parent)")
	fs.BoolVar(&o.update, "update-baseline", false, "with -baseline, write today's findings to the baseline file (creating or replacing it) instead of reporting them")
	fs.BoolVar(&o.version, "version", false, "print the module version idemlint was built from and exit")
	o.enabled = make(map[string]*triState)
	for _, a := range all {
		t := new(triState)
		o.enabled[a.Name] = t
		fs.Var(t, a.Name, "enable "+a.Name+" analysis (all are on unless some are enabled this way)")
		a.Flags.VisitAll(func(f *flag.Flag) {
			fs.Var(f.Value, a.Name+"."+f.Name, f.Usage)
		})
	}
	fs.Usage = func() { usage(stderr, fs, all) }
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return exitClean
		}
		return exitError
	}
	if o.version {
		fmt.Fprintf(stdout, "idemlint %s\n", version())
		return exitClean
	}
	if o.cpuprof != "" {
		f, err := os.Create(o.cpuprof)
		if err != nil {
			fmt.Fprintf(stderr, "idemlint: %v\n", err)
			return exitError
		}
		if err := pprof.StartCPUProfile(f); err != nil {
			fmt.Fprintf(stderr, "idemlint: %v\n", err)
			return exitError
		}
		defer pprof.StopCPUProfile()
	}
	if o.memprof != "" {
		defer writeMemProfile(o.memprof, stderr)
	}
	patterns := fs.Args()
	if len(patterns) == 0 {
		usage(stderr, fs, all)
		return exitError
	}
	gate.SetFactsFrom(nil) // the configuration, if any, sets it
	configured, _, err := loadConfig(o.config, all)
	if err != nil {
		fmt.Fprintf(stderr, "idemlint: %v\n", err)
		return exitError
	}
	selected := selectAnalyzers(all, configured, o.enabled)
	if len(selected) == 0 {
		fmt.Fprintln(stderr, "idemlint: every analyzer is disabled")
		return exitError
	}
	dir, _ := os.Getwd()
	dopts := driver.Options{Tests: o.tests, FullGraph: o.fullGraph, BuildTags: o.tags, MayReport: analyzers.MayReport}
	// -facts-from adds to the configuration's facts-from (set by Apply).
	dopts.FactsFrom = gate.FactsFrom()
	if o.factsFrom != "" {
		dopts.FactsFrom = append(slices.Clone(dopts.FactsFrom), strings.Split(o.factsFrom, ",")...)
	}
	gate.SetFactsFrom(dopts.FactsFrom)
	var sqlPaths []string
	if o.sqlc {
		sqlPaths, patterns = splitSQLArgs(patterns)
	}
	res := &driver.Result{}
	if len(patterns) > 0 {
		var err error
		if res, err = driver.Run(dopts, selected, patterns); err != nil {
			// Still write the reports below: a CI gate then shows the error
			// (SARIF: an invocation that did not succeed) instead of no file.
			res = &driver.Result{Errors: []error{err}}
		}
	}
	if len(res.Packages) > 0 {
		warnUnmatchedFuncs(stderr, selected, res.Packages)
	}
	if o.sqlc {
		found, err := sqlcFindings(sqlPaths, selected)
		if err != nil {
			fmt.Fprintf(stderr, "idemlint: -sqlc: %v\n", err)
			return exitError
		}
		res.Findings = append(res.Findings, found...)
	}
	if o.baseline != "" {
		if code, done := applyBaseline(o, dir, res, stderr); done {
			return code
		}
	}
	if o.sarif != "" {
		if err := writeSARIF(o.sarif, dir, selected, res, stdout); err != nil {
			fmt.Fprintf(stderr, "idemlint: %v\n", err)
			return exitError
		}
	}
	if o.codeclim != "" {
		if err := writeReport(o.codeclim, stdout, func(w io.Writer) error { return driver.WriteCodeClimate(w, dir, res) }); err != nil {
			fmt.Fprintf(stderr, "idemlint: %v\n", err)
			return exitError
		}
	}
	if o.fix || o.diff {
		var w io.Writer
		if o.diff {
			w = stdout
		}
		if err := driver.ApplyFixes(res, w); err != nil {
			fmt.Fprintf(stderr, "idemlint: %v\n", err)
			return exitError
		}
	}
	switch {
	case o.json:
		if err := driver.PrintJSON(stdout, res); err != nil {
			fmt.Fprintf(stderr, "idemlint: %v\n", err)
			return exitError
		}
	case o.sarif == "-" || o.codeclim == "-":
		// the report is the output
	case !o.diff:
		driver.PrintText(stdout, dir, res)
	}
	for _, e := range res.Errors {
		fmt.Fprintf(stderr, "idemlint: %v\n", e)
	}
	switch {
	case len(res.Errors) > 0:
		return exitError
	case len(res.Findings) > 0:
		return exitFindings
	}
	return exitClean
}

// selectAnalyzers applies the enable flags on top of the configuration: if
// any flag is true, only those analyzers run; otherwise those the
// configuration enables, except the ones set to false. configured holds the
// configuration's analyzers (the same values as all: exclusion is a
// setting of report.Analyzer, not a copy).
func selectAnalyzers(all, configured []*analysis.Analyzer, enabled map[string]*triState) []*analysis.Analyzer {
	anyOn := false
	for _, t := range enabled {
		if t.set && t.on {
			anyOn = true
		}
	}
	byName := make(map[string]*analysis.Analyzer)
	for _, a := range configured {
		byName[a.Name] = a
	}
	var out []*analysis.Analyzer
	for _, a := range all {
		t := enabled[a.Name]
		c, inConfig := byName[a.Name]
		switch {
		case anyOn && t.set && t.on:
			if inConfig {
				a = c // keep the exclude patterns
			}
			out = append(out, a)
		case !anyOn && inConfig && !(t.set && !t.on):
			out = append(out, c)
		}
	}
	return out
}

func usage(w io.Writer, fs *flag.FlagSet, all []*analysis.Analyzer) {
	fmt.Fprint(w, `idemlint finds the idempotency bugs that make a service charge twice or lose
an event when a pod is stopped mid-operation.

Usage:
	idemlint [flags] packages...                  e.g. idemlint ./...
	go vet -vettool=$(which idemlint) packages... the same analyzers under go vet

Exit status: 0 nothing found, 1 tool error, 3 findings reported (in every output format).

Analyzers:
`)
	for _, a := range all {
		summary, _, _ := strings.Cut(a.Doc, "\n")
		fmt.Fprintf(w, "\t%-12s %s\n", a.Name, summary)
	}
	fmt.Fprint(w, "\nFlags:\n")
	fs.SetOutput(w)
	fs.PrintDefaults()
}

// applyBaseline records or applies the baseline. It returns done when the
// run ends here (the baseline was just recorded).
func applyBaseline(o options, dir string, res *driver.Result, stderr io.Writer) (int, bool) {
	if !o.update {
		dropped, stale, err := driver.ApplyBaseline(o.baseline, dir, res)
		switch {
		case err == nil:
			if dropped > 0 {
				fmt.Fprintf(stderr, "idemlint: %d findings recorded in %s not shown\n", dropped, o.baseline)
			}
			if stale > 0 {
				fmt.Fprintf(stderr, "idemlint: note: %d entries of %s match no finding any more (fixed or changed): drop them with -baseline %s -update-baseline\n", stale, o.baseline, o.baseline)
			}
			return 0, false
		case errors.Is(err, driver.ErrNoBaseline):
			fmt.Fprintf(stderr, "idemlint: baseline %s does not exist: record one with -baseline %s -update-baseline\n", o.baseline, o.baseline)
			return exitError, true
		default:
			fmt.Fprintf(stderr, "idemlint: %v\n", err)
			return exitError, true
		}
	}
	if err := driver.WriteBaseline(o.baseline, dir, res); err != nil {
		fmt.Fprintf(stderr, "idemlint: %v\n", err)
		return exitError, true
	}
	fmt.Fprintf(stderr, "idemlint: recorded %d findings in %s; later runs report only new ones\n", len(res.Findings), o.baseline)
	if len(res.Errors) > 0 {
		return exitError, true
	}
	return exitClean, true
}

func writeSARIF(path, dir string, selected []*analysis.Analyzer, res *driver.Result, stdout io.Writer) error {
	return writeReport(path, stdout, func(w io.Writer) error {
		return driver.WriteSARIF(w, dir, selected, res, version())
	})
}

// writeReport writes a report to the file at path, or to stdout for "-".
func writeReport(path string, stdout io.Writer, write func(io.Writer) error) error {
	if path == "-" {
		return write(stdout)
	}
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := write(f); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// writeMemProfile writes the heap profile (allocations since the start,
// and what is still live) to path.
func writeMemProfile(path string, stderr io.Writer) {
	f, err := os.Create(path)
	if err == nil {
		err = pprof.Lookup("allocs").WriteTo(f, 0)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
	}
	if err != nil {
		fmt.Fprintf(stderr, "idemlint: -memprofile: %v\n", err)
	}
}
