// Command idemlint-bench measures what idemlint costs in each of its
// drivers, side by side with the baseline each is held to, on a real
// module:
//
//	standalone     idemlint's own driver against the floor: one no-op
//	               analyzer without facts (the module's packages parsed
//	               and type-checked, dependencies from export data); and
//	               the stock checker model (every dependency from source)
//	golangci-lint  the standard linters with and without idemlint, on an
//	               empty lint cache and on a warm one after a one-file edit;
//	               idemlint alone against a fact-free linter alone
//	go vet         go vet against go vet -vettool=idemlint, on an empty build
//	               cache and on a warm one after a one-file edit
//
// Each mode runs -n times (a warm mode after one warm-up run); the report
// gives the median wall time, the peak resident memory of the process
// tree (the largest process's maximum RSS) and the ratios to the mode's
// baseline, as a table and, with -json, as JSON. golangci-lint is built
// with the plugin from the module proxy as the plugin tests build it
// (internal/gclbuild); idemlint is built from the checkout (-repo).
//
// Usage:
//
//	go run ./internal/cmd/idemlint-bench [-n 5] [-modes floor,idemlint,...] [-json FILE] DIR [PATTERNS...]
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"time"

	"github.com/idemlint/idemlint/internal/gclbuild"
)

// defaultModes are the modes measured without -modes: all three drivers.
const defaultModes = "floor,idemlint,gcl-std-cold,gcl-std+idemlint-cold,gcl-std-warm,gcl-std+idemlint-warm,gcl-factfree-cold,gcl-idemlint-cold,vet-cold,vettool-cold,vet-warm,vettool-warm"

func main() {
	child := flag.String("child", "", "internal: run one standalone mode in this process")
	n := flag.Int("n", 5, "measured runs per mode")
	modeList := flag.String("modes", defaultModes, "comma-separated modes to measure (see the table's first column; full-graph is the slow stock-checker model)")
	jsonOut := flag.String("json", "", "also write the results as JSON to this file")
	repo := flag.String("repo", ".", "the idemlint checkout to build idemlint and the golangci-lint plugin from")
	flag.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: idemlint-bench [-n runs] [-modes list] [-json file] [-repo dir] DIR [PATTERNS...]")
		flag.PrintDefaults()
	}
	flag.Parse()
	args := flag.Args()
	if len(args) == 0 {
		flag.Usage()
		os.Exit(2)
	}
	dir, patterns := args[0], args[1:]
	if len(patterns) == 0 {
		patterns = []string{"./..."}
	}
	if *child != "" {
		if err := runChild(*child, dir, patterns); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		return
	}
	if *n < 1 {
		fmt.Fprintln(os.Stderr, "idemlint-bench: -n must be at least 1")
		os.Exit(2)
	}
	results, err := run(*repo, dir, patterns, strings.Split(*modeList, ","), *n)
	if err != nil {
		fmt.Fprintf(os.Stderr, "idemlint-bench: %v\n", err)
		os.Exit(1)
	}
	writeTable(os.Stdout, results)
	if *jsonOut != "" {
		data, _ := json.MarshalIndent(results, "", "  ")
		if err := os.WriteFile(*jsonOut, append(data, '\n'), 0o644); err != nil {
			fmt.Fprintf(os.Stderr, "idemlint-bench: %v\n", err)
			os.Exit(1)
		}
	}
}

// A bench is one measurement session on one module.
type bench struct {
	self, repo, dir string
	patterns        []string
	tmp             string // caches, configurations, binaries
	gcl, idemlint   string // built on demand
	edit            *fileEdit
}

// Result is one mode's figures.
type Result struct {
	Mode       string    `json:"mode"`
	Driver     string    `json:"driver"`
	What       string    `json:"what"`
	Base       string    `json:"base,omitempty"`
	Runs       []float64 `json:"runs_s"`
	WallS      float64   `json:"wall_median_s"`
	PeakRSSMB  float64   `json:"peak_rss_mb"`
	CPUS       float64   `json:"cpu_median_s"` // user+system time of the child and its waited-for descendants
	WallRatio  float64   `json:"x_wall,omitempty"`
	RSSRatio   float64   `json:"x_rss,omitempty"`
	CPURatio   float64   `json:"x_cpu,omitempty"`
	ExitStatus int       `json:"exit_status"`
}

func run(repo, dir string, patterns, names []string, n int) ([]*Result, error) {
	self, err := os.Executable()
	if err != nil {
		return nil, err
	}
	b := &bench{self: self, patterns: patterns}
	if b.repo, err = filepath.Abs(repo); err != nil {
		return nil, err
	}
	if b.dir, err = filepath.Abs(dir); err != nil {
		return nil, err
	}
	if b.tmp, err = os.MkdirTemp("", "idemlint-bench"); err != nil {
		return nil, err
	}
	defer os.RemoveAll(b.tmp)
	var ms []mode
	for _, name := range names {
		m, err := modeNamed(strings.TrimSpace(name))
		if err != nil {
			return nil, err
		}
		ms = append(ms, m)
	}
	if err := b.build(ms); err != nil {
		return nil, err
	}
	defer b.restore()
	// An interrupted bench still undoes its edit and removes its files.
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, os.Interrupt, syscall.SIGTERM)
	defer signal.Stop(sig)
	go func() {
		if _, ok := <-sig; ok {
			b.restore()
			os.RemoveAll(b.tmp)
			os.Exit(130)
		}
	}()

	byName := make(map[string]*Result)
	var results []*Result
	for _, m := range ms {
		r, err := b.measure(m, n)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", m.name, err)
		}
		fmt.Fprintf(os.Stderr, "%-22s %8.2fs %8.0f MB\n", m.name, r.WallS, r.PeakRSSMB)
		byName[m.name] = r
		results = append(results, r)
	}
	for _, r := range results {
		if base, ok := byName[r.Base]; ok && base.WallS > 0 && base.PeakRSSMB > 0 {
			r.WallRatio = r.WallS / base.WallS
			r.RSSRatio = r.PeakRSSMB / base.PeakRSSMB
			if base.CPUS > 0 {
				r.CPURatio = r.CPUS / base.CPUS
			}
		}
	}
	return results, nil
}

// build builds what the modes need: the custom golangci-lint, idemlint.
func (b *bench) build(ms []mode) error {
	for _, m := range ms {
		switch {
		case m.needs == "gcl" && b.gcl == "":
			bin, err := gclbuild.Binary(b.repo, gclbuild.CacheDir(), func(f string, a ...any) { fmt.Fprintf(os.Stderr, f+"\n", a...) })
			if err != nil {
				return err
			}
			b.gcl = bin
		case m.needs == "idemlint" && b.idemlint == "":
			b.idemlint = filepath.Join(b.tmp, "idemlint")
			cmd := exec.Command("go", "build", "-o", b.idemlint, "./cmd/idemlint")
			cmd.Dir = b.repo
			cmd.Env = append(os.Environ(), "GOFLAGS=") // the module's flags (-mod=mod) are not the checkout's
			if out, err := cmd.CombinedOutput(); err != nil {
				return fmt.Errorf("building idemlint in %s: %v\n%s", b.repo, err, out)
			}
		}
	}
	return nil
}

// measure runs m n times (after a warm-up run unless m is cold).
func (b *bench) measure(m mode, n int) (*Result, error) {
	r := &Result{Mode: m.name, Driver: m.driver, What: m.what, Base: m.base}
	var peak int64
	var cpu []float64
	for i := 0; i <= n; i++ {
		if i == 0 && m.cold {
			continue // no warm-up: every run starts empty
		}
		cache := filepath.Join(b.tmp, fmt.Sprintf("cache-%s-%d", m.name, i))
		if err := os.MkdirAll(cache, 0o755); err != nil {
			return nil, err
		}
		if i > 0 && !m.cold && m.driver != "standalone" {
			if err := b.editOneFile(i); err != nil {
				return nil, err
			}
		}
		cmd := m.command(b, cache)
		log, err := os.Create(filepath.Join(b.tmp, "log-"+m.name))
		if err != nil {
			return nil, err
		}
		cmd.Stdout, cmd.Stderr = io.Discard, log
		start := time.Now()
		err = cmd.Run()
		wall := time.Since(start)
		log.Close()
		code := cmd.ProcessState.ExitCode()
		if err != nil && (code <= 0 || code != m.findingsExit || failed(log.Name())) {
			out, _ := os.ReadFile(log.Name())
			return nil, fmt.Errorf("%s: %v\n%s", strings.Join(cmd.Args, " "), err, tail(out, 2000))
		}
		r.ExitStatus = code
		if m.cold {
			os.RemoveAll(cache) // the next run starts empty too; keep the disk small
		}
		if i == 0 {
			continue
		}
		r.Runs = append(r.Runs, wall.Seconds())
		cpu = append(cpu, (cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()).Seconds())
		// On Linux the rusage of a waited-for child reports the largest
		// maximum RSS of the child and the descendants it waited for.
		if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
			peak = max(peak, ru.Maxrss)
		}
	}
	sorted := slices.Sorted(slices.Values(r.Runs))
	r.WallS = sorted[len(sorted)/2]
	r.PeakRSSMB = float64(peak) / 1024
	// CPU time is steadier than wall time on a loaded machine: another
	// process's load stretches the wall clock, not the work done.
	slices.Sort(cpu)
	r.CPUS = cpu[len(cpu)/2]
	return r, nil
}

// failed reports whether a go vet log shows the go command failing (not
// the findings its exit status 1 also means).
func failed(log string) bool {
	out, _ := os.ReadFile(log)
	for _, line := range strings.Split(string(out), "\n") {
		if strings.HasPrefix(line, "go: ") || strings.HasPrefix(line, "pattern ") || strings.Contains(line, "cannot find package") || strings.Contains(line, "no required module") {
			return true
		}
	}
	return false
}

func tail(b []byte, n int) []byte {
	if len(b) > n {
		return b[len(b)-n:]
	}
	return b
}

// writeTable prints the results: one row per mode, ratios to its base.
func writeTable(w io.Writer, results []*Result) {
	fmt.Fprintf(w, "| driver | mode | wall (median) | cpu (median) | peak RSS | vs | × wall | × cpu | × RSS |\n")
	fmt.Fprintf(w, "| --- | --- | ---: | ---: | ---: | --- | ---: | ---: | ---: |\n")
	for _, r := range results {
		xw, xc, xr := "", "", ""
		if r.WallRatio > 0 {
			xw, xc, xr = fmt.Sprintf("%.2f", r.WallRatio), fmt.Sprintf("%.2f", r.CPURatio), fmt.Sprintf("%.2f", r.RSSRatio)
		}
		fmt.Fprintf(w, "| %s | %s | %.2f s | %.2f s | %.0f MB | %s | %s | %s | %s |\n", r.Driver, r.Mode, r.WallS, r.CPUS, r.PeakRSSMB, r.Base, xw, xc, xr)
	}
}
