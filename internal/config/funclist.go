// Package config holds idemlint's settings. Every setting is an
// Analyzer.Flags flag (Bazel nogo configures analyzers only through flags);
// the command's .idemlint.yml and the golangci-lint plugin's settings are
// applied by setting those flags.
package config

import (
	"strings"

	"github.com/idemlint/idemlint/internal/apis"
)

// FuncList is a flag.Value holding extra library functions, written as a
// comma-separated list of "import/path.Func" or "import/path.Type.Method".
// Setting it appends; a malformed name is an error that names it.
type FuncList struct {
	Funcs []apis.Func
}

// String returns the list in its flag form.
func (l *FuncList) String() string {
	if l == nil {
		return ""
	}
	s := make([]string, len(l.Funcs))
	for i, f := range l.Funcs {
		s[i] = f.String()
	}
	return strings.Join(s, ",")
}

// Set parses a comma-separated list of function names and appends them.
func (l *FuncList) Set(v string) error {
	for part := range strings.SplitSeq(v, ",") {
		if strings.TrimSpace(part) == "" {
			continue
		}
		f, err := apis.ParseFunc(part)
		if err != nil {
			return err
		}
		l.Funcs = append(l.Funcs, f)
	}
	return nil
}

// AddTo adds the list's functions to s and returns s.
func (l *FuncList) AddTo(s *apis.Set) *apis.Set {
	s.Add(l.Funcs...)
	return s
}

// Paths returns the import paths of the list's functions, for a gate.
func (l *FuncList) Paths() []string {
	if l == nil {
		return nil
	}
	var out []string
	for _, f := range l.Funcs {
		out = append(out, f.Path)
	}
	return out
}
