package main

import (
	"fmt"
	"os"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/idemlint/idemlint/analyzers"
	"github.com/idemlint/idemlint/internal/driver"
)

// The standalone modes run in a child process of the bench (-child MODE),
// so that the peak memory is the child's own.

// noop is the floor's analyzer: it does nothing and declares no facts, so
// the checker runs it on the module's packages only.
var noop = &analysis.Analyzer{
	Name: "noop",
	Doc:  "noop: does nothing",
	Run:  func(*analysis.Pass) (any, error) { return nil, nil },
}

// runChild runs one standalone mode in this process.
func runChild(mode, dir string, patterns []string) error {
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
		if len(ok) == 0 {
			return fmt.Errorf("floor: no package of %v loads without errors in %s", patterns, dir)
		}
		fmt.Fprintf(os.Stderr, "floor: %d packages\n", len(ok))
		_, err = checker.Analyze([]*analysis.Analyzer{noop}, ok, nil)
		return err
	case "idemlint", "full-graph":
		res, err := driver.Run(driver.Options{Dir: dir, Tests: true, FullGraph: mode == "full-graph", MayReport: analyzers.MayReport}, analyzers.All(), patterns)
		if err != nil {
			return err
		}
		fmt.Fprintf(os.Stderr, "%s: %d findings, %d package errors\n", mode, len(res.Findings), len(res.Errors))
		if len(res.Errors) > 0 {
			return fmt.Errorf("%s: %v", mode, res.Errors[0])
		}
		return nil
	}
	return fmt.Errorf("unknown mode %q", mode)
}
