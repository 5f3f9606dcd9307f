package main

import (
	"encoding/gob"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/unitchecker"

	"github.com/idemlint/idemlint/internal/config"
	"github.com/idemlint/idemlint/internal/gate"
)

// The go vet protocol: go vet runs the tool with -V=full (for the cache
// key) and -flags (to learn its flags) in the directory it was started in,
// then once per package — each in its own process, in the package's
// directory — with a JSON file describing the package (the unit).
//
// Every unit of a run must see the same configuration where it matters for
// facts, because a unit decodes the facts its dependencies' units wrote.
// A unit cannot learn where go vet was started (neither -V=full nor -flags
// can hand it anything), so the configuration of a unit is:
//
//   - $IDEMLINT_CONFIG, an absolute path, the same for every unit;
//   - else .idemlint.yml found from the package's directory, for packages of
//     a module checked out on disk (the main module, workspace modules);
//   - else none (every analyzer, default settings) for the standard library
//     and dependencies from the module cache: a dependency's own
//     .idemlint.yml never applies, and its facts are the same whichever
//     module is vetted.
//
// -V=full hashes the file in force where go vet starts, so go vet's cache
// of results is keyed by it. Every analyzer's fact types are registered
// whatever is enabled: a dependency's facts may come from an analyzer the
// package's configuration disables, and gob cannot decode an unregistered type.

// vetUnit is the part of go vet's unit configuration the tool reads itself.
type vetUnit struct {
	Dir           string
	ImportPath    string
	ModulePath    string
	ModuleVersion string
	VetxOnly      bool // only facts are wanted: a dependency of what was named
}

// runVet runs the go vet protocol with the analyzers in all.
//
// A facts-only unit outside the analysed code (the standard library, a
// dependency from the module cache, unless facts-from names it) still has
// to be parsed and type-checked: since x/tools v0.52 the unit's facts file
// also carries its types, which its importers' units read instead of the
// compiler's export data, so it cannot be answered without parsing. Every
// analyzer returns at once there (gate.Outside), so such a unit costs what
// go vet's own type-checking costs.
func runVet(args []string, all []*analysis.Analyzer) {
	registerFactTypes(all)
	as := all
	if unitFile := args[len(args)-1]; strings.HasSuffix(unitFile, ".cfg") {
		u, err := readVetUnit(unitFile)
		var path string
		if err == nil {
			path, err = vetConfigPath(u)
		}
		if err == nil && path != "" {
			as, err = applyConfig(path, all)
		}
		if err != nil {
			fmt.Fprintf(os.Stderr, "idemlint: %v\n", err)
			os.Exit(1)
		}
		gate.SetRequested(!u.VetxOnly) // a package named on the command line is analysed wherever it lives
	}
	unitchecker.Main(namedInText(as)...)
}

// readVetUnit reads the JSON file go vet describes a unit with.
func readVetUnit(cfgFile string) (*vetUnit, error) {
	data, err := os.ReadFile(cfgFile)
	if err != nil {
		return nil, err
	}
	var u vetUnit
	if err := json.Unmarshal(data, &u); err != nil {
		return nil, fmt.Errorf("reading %s: %v", cfgFile, err)
	}
	return &u, nil
}

// vetConfigPath returns the configuration file of the unit ("" when none
// applies).
func vetConfigPath(u *vetUnit) (string, error) {
	if p := os.Getenv(configEnv); p != "" {
		if !filepath.IsAbs(p) {
			return "", fmt.Errorf("%s=%s: under go vet give an absolute path (go vet runs the tool in each package's directory), e.g. %s=$PWD/%s", configEnv, p, configEnv, p)
		}
		return p, nil
	}
	if u.ModulePath == "" || u.ModuleVersion != "" || u.Dir == "" {
		return "", nil // the standard library or a dependency from the module cache
	}
	return config.Find(u.Dir)
}

// registerFactTypes registers with gob the fact types of the analyzers and
// of those they require.
func registerFactTypes(as []*analysis.Analyzer) {
	seen := make(map[*analysis.Analyzer]bool)
	var visit func(a *analysis.Analyzer)
	visit = func(a *analysis.Analyzer) {
		if seen[a] {
			return
		}
		seen[a] = true
		for _, f := range a.FactTypes {
			gob.Register(f)
		}
		for _, r := range a.Requires {
			visit(r)
		}
	}
	for _, a := range as {
		visit(a)
	}
}

// namedInText returns copies of the analyzers whose diagnostics end with
// the analyzer's name, as in the command's text output. go vet's text
// output does not name the analyzer, and since Go 1.26 go vet always asks
// the tool for JSON and prints the text itself, so the tool cannot tell
// the two outputs apart: the name is in the message of both.
func namedInText(as []*analysis.Analyzer) []*analysis.Analyzer {
	out := make([]*analysis.Analyzer, len(as))
	for i, a := range as {
		c := *a
		run, name := a.Run, a.Name
		c.Run = func(pass *analysis.Pass) (any, error) {
			p := *pass
			p.Report = func(d analysis.Diagnostic) {
				d.Message += " (" + name + ")"
				pass.Report(d)
			}
			return run(&p)
		}
		out[i] = &c
	}
	return out
}
