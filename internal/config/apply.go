package config

import (
	"errors"
	"flag"
	"fmt"
	"maps"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/internal/apis"
	"github.com/idemlint/idemlint/internal/gate"
	"github.com/idemlint/idemlint/internal/report"
)

// Apply checks the configuration against the analyzers, sets their flags
// from the settings and returns the enabled ones, in the order of all.
//
// Every name is checked first, and nothing is set if one is wrong: an
// unknown analyzer or setting, a list given to a single-valued setting or a
// malformed function name is an error that names the key and the valid
// choices. Function lists add to what is already set (a flag on the command
// line and the file both count); applying the same file twice adds nothing.
//
// The exclude patterns become report's exclusion setting (nothing is
// excluded when there are none): every analyzer reports through
// report.Analyzer, which drops the diagnostics in excluded files (facts
// are still computed from them), so every driver honours exclude, go vet
// included. facts-from becomes the gate's setting (gate.SetFactsFrom).
// The returned analyzers are the very values of all.
func (f *File) Apply(all []*analysis.Analyzer) ([]*analysis.Analyzer, error) {
	byName := make(map[string]*analysis.Analyzer, len(all))
	for _, a := range all {
		byName[a.Name] = a
	}
	names := slices.Sorted(maps.Keys(byName))

	enabled, err := f.selectAnalyzers(all, byName, names)
	if err != nil {
		return nil, err
	}
	sets, err := f.checkSettings(byName, names)
	if err != nil {
		return nil, err
	}
	for _, s := range sets {
		if err := s.flag.Value.Set(s.value); err != nil {
			return nil, fmt.Errorf("%s: invalid value %q: %v", f.where(s.key), s.value, err)
		}
	}
	gate.SetFactsFrom(f.FactsFrom)
	if len(f.Exclude) > 0 {
		report.SetExclude(f.Excluded)
	} else {
		report.SetExclude(nil)
	}
	return enabled, nil
}

// selectAnalyzers applies enable and disable.
func (f *File) selectAnalyzers(all []*analysis.Analyzer, byName map[string]*analysis.Analyzer, names []string) ([]*analysis.Analyzer, error) {
	on := make(map[string]bool)
	for i, n := range f.Enable {
		if byName[n] == nil {
			return nil, f.unknownAnalyzer(fmt.Sprintf("enable[%d]", i), n, names)
		}
		on[n] = true
	}
	off := make(map[string]bool)
	for i, n := range f.Disable {
		if byName[n] == nil {
			return nil, f.unknownAnalyzer(fmt.Sprintf("disable[%d]", i), n, names)
		}
		if on[n] {
			return nil, fmt.Errorf("%s: %s is both enabled and disabled", f.where(fmt.Sprintf("disable[%d]", i)), n)
		}
		off[n] = true
	}
	var out []*analysis.Analyzer
	for _, a := range all {
		if (len(on) == 0 || on[a.Name]) && !off[a.Name] {
			out = append(out, a)
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: every analyzer is disabled", f.where("disable"))
	}
	return out, nil
}

func (f *File) unknownAnalyzer(key, name string, names []string) error {
	return fmt.Errorf("%s: unknown analyzer %q; the analyzers are %s", f.where(key), name, strings.Join(names, ", "))
}

// A flagSet is one flag value to set.
type flagSet struct {
	key   string // settings.<analyzer>.<setting>
	flag  *flag.Flag
	value string
}

// checkSettings checks every setting and returns what to set, in a
// deterministic order, without changing anything.
func (f *File) checkSettings(byName map[string]*analysis.Analyzer, names []string) ([]flagSet, error) {
	var out []flagSet
	for _, an := range slices.Sorted(maps.Keys(f.Settings)) {
		a := byName[an]
		if a == nil {
			return nil, f.unknownAnalyzer("settings."+an, an, names)
		}
		settings := f.Settings[an]
		for _, sn := range slices.Sorted(maps.Keys(settings)) {
			key := "settings." + an + "." + sn
			fl := a.Flags.Lookup(sn)
			if fl == nil {
				return nil, fmt.Errorf("%s: %s has no setting %q; %s", f.where(key), an, sn, validSettings(a))
			}
			v := settings[sn]
			if list, ok := fl.Value.(*FuncList); ok {
				items, err := newItems(list, v)
				if err != nil {
					return nil, fmt.Errorf("%s: %v", f.where(key), err)
				}
				if items != "" {
					out = append(out, flagSet{key, fl, items})
				}
				continue
			}
			if v.List {
				return nil, fmt.Errorf("%s: takes one value, not a list (%s)", f.where(key), fl.Usage)
			}
			out = append(out, flagSet{key, fl, v.String()})
		}
	}
	return out, nil
}

// newItems parses the function names of v and returns, comma-separated,
// those not yet in list.
func newItems(list *FuncList, v Value) (string, error) {
	var add []string
	var errs []string
	for i, item := range v.Items {
		for part := range strings.SplitSeq(item, ",") {
			if strings.TrimSpace(part) == "" {
				continue
			}
			var one FuncList
			if err := one.Set(part); err != nil {
				if v.List {
					err = fmt.Errorf("[%d]: %v", i, err)
				}
				errs = append(errs, err.Error())
				continue
			}
			s := one.String()
			if !slices.Contains(add, s) && !slices.ContainsFunc(list.Funcs, func(g apis.Func) bool { return g.String() == s }) {
				add = append(add, s)
			}
		}
	}
	if len(errs) > 0 {
		return "", errors.New(strings.Join(errs, "; "))
	}
	return strings.Join(add, ","), nil
}

// validSettings lists an analyzer's settings for an error message.
func validSettings(a *analysis.Analyzer) string {
	var s []string
	a.Flags.VisitAll(func(fl *flag.Flag) { s = append(s, fl.Name) })
	if len(s) == 0 {
		return a.Name + " has no settings"
	}
	return "its settings are " + strings.Join(s, ", ")
}
