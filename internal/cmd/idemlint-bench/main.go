// Command idemlint-bench measures idemlint's standalone driver against the
// floor it is held to, on a real module:
//
//	floor      one no-op analyzer without fact types through the x/tools
//	           checker: the module's packages parsed and type-checked,
//	           dependencies from export data
//	idemlint   every analyzer, facts included, through the fast driver
//	full-graph every analyzer with the stock checker model: every
//	           dependency, the standard library included, from source
//
// Each mode runs in a child process (so peak memory is the child's own
// maximum resident set size), -n times after one warm-up run; the report
// gives the median wall time, the peak RSS and the ratios to the floor.
//
// Usage:
//
//	go run ./internal/cmd/idemlint-bench [-n 5] [-modes floor,idemlint,full-graph] DIR [PATTERNS...]
package main

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"slices"
	"strings"
	"syscall"
	"time"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/idemlint/idemlint/analyzers"
	"github.com/idemlint/idemlint/internal/driver"
)

func main() {
	child := flag.String("child", "", "internal: run one mode in this process")
	n := flag.Int("n", 5, "measured runs per mode")
	modes := flag.String("modes", "floor,idemlint,full-graph", "modes to measure")
	flag.Parse()
	args := flag.Args()
	if len(args) == 0 {
		fmt.Fprintln(os.Stderr, "usage: idemlint-bench [-n runs] [-modes list] DIR [PATTERNS...]")
		os.Exit(2)
	}
	dir, patterns := args[0], args[1:]
	if len(patterns) == 0 {
		patterns = []string{"./..."}
	}
	if *child != "" {
		if err := runMode(*child, dir, patterns); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		return
	}
	self, err := os.Executable()
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	type result struct {
		wall time.Duration
		rss  int64 // KiB
	}
	results := make(map[string]result)
	var order []string
	for _, mode := range strings.Split(*modes, ",") {
		var walls []time.Duration
		var peak int64
		for i := 0; i <= *n; i++ { // run 0 warms the caches
			cmd := exec.Command(self, append([]string{"-child", mode, dir}, patterns...)...)
			cmd.Stderr = os.Stderr
			start := time.Now()
			if err := cmd.Run(); err != nil {
				fmt.Fprintf(os.Stderr, "%s: %v\n", mode, err)
				os.Exit(1)
			}
			wall := time.Since(start)
			if i == 0 {
				continue
			}
			walls = append(walls, wall)
			if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
				peak = max(peak, ru.Maxrss)
			}
		}
		slices.Sort(walls)
		results[mode] = result{walls[len(walls)/2], peak}
		order = append(order, mode)
	}
	floor, hasFloor := results["floor"]
	fmt.Printf("%-11s %10s %10s %8s %8s\n", "mode", "wall", "peak RSS", "× wall", "× RSS")
	for _, m := range order {
		r := results[m]
		xw, xr := "", ""
		if hasFloor {
			xw = fmt.Sprintf("%.2f", float64(r.wall)/float64(floor.wall))
			xr = fmt.Sprintf("%.2f", float64(r.rss)/float64(floor.rss))
		}
		fmt.Printf("%-11s %9.2fs %8d MB %8s %8s\n", m, r.wall.Seconds(), r.rss/1024, xw, xr)
	}
}

// noop is the floor's analyzer: it does nothing and declares no facts, so
// the checker runs it on the module's packages only.
var noop = &analysis.Analyzer{
	Name: "noop",
	Doc:  "noop: does nothing",
	Run:  func(*analysis.Pass) (any, error) { return nil, nil },
}

func runMode(mode, dir string, patterns []string) error {
	switch mode {
	case "floor":
		cfg := &packages.Config{Dir: dir, Tests: true, Mode: packages.LoadSyntax | packages.NeedModule}
		pkgs, err := packages.Load(cfg, patterns...)
		if err != nil {
			return err
		}
		var ok []*packages.Package
		for _, p := range pkgs {
			if len(p.Errors) == 0 && p.Types != nil {
				ok = append(ok, p)
			}
		}
		_, err = checker.Analyze([]*analysis.Analyzer{noop}, ok, nil)
		return err
	case "idemlint", "full-graph":
		res, err := driver.Run(driver.Options{Dir: dir, Tests: true, FullGraph: mode == "full-graph", MayReport: analyzers.MayReport}, analyzers.All(), patterns)
		if err != nil {
			return err
		}
		fmt.Fprintf(os.Stderr, "%s: %d findings, %d package errors\n", mode, len(res.Findings), len(res.Errors))
		return nil
	}
	return fmt.Errorf("unknown mode %q", mode)
}
