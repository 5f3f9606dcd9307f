package config

import (
	"flag"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/internal/gate"
)

// fakes are analyzers with the kinds of flags idemlint's analyzers have.
type fakes struct {
	all                []*analysis.Analyzer
	gens, retries, txs *FuncList
	verbose            *bool
	mode               *string
}

func newFakes() *fakes {
	fk := &fakes{gens: new(FuncList), retries: new(FuncList), txs: new(FuncList)}
	mk := func(name string, set func(fs *flag.FlagSet)) *analysis.Analyzer {
		a := &analysis.Analyzer{Name: name, Doc: name + ": test", Run: func(*analysis.Pass) (any, error) { return nil, nil }}
		set(&a.Flags)
		return a
	}
	fk.all = []*analysis.Analyzer{
		mk("ctxcancel", func(fs *flag.FlagSet) {
			fs.Var(fk.txs, "txsinks", "extra commit functions")
			fk.verbose = fs.Bool("verbose", false, "say more")
		}),
		mk("httpintx", func(fs *flag.FlagSet) {}),
		mk("uuidinretry", func(fs *flag.FlagSet) {
			fs.Var(fk.gens, "generators", "extra generators")
			fs.Var(fk.retries, "retryfuncs", "extra retry functions")
			fk.mode = fs.String("mode", "strict", "mode")
		}),
	}
	return fk
}

func names(as []*analysis.Analyzer) string {
	var s []string
	for _, a := range as {
		s = append(s, a.Name)
	}
	return strings.Join(s, ",")
}

func parse(t *testing.T, src string) *File {
	t.Helper()
	f, err := Parse([]byte(src), ".idemlint.yml")
	if err != nil {
		t.Fatal(err)
	}
	return f
}

func TestApplyEnableDisable(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{"", "ctxcancel,httpintx,uuidinretry"},
		{"enable: [uuidinretry, ctxcancel]", "ctxcancel,uuidinretry"}, // order of all, not of the file
		{"disable: [httpintx]", "ctxcancel,uuidinretry"},
		{"enable: [uuidinretry, httpintx]\ndisable: [ctxcancel]", "httpintx,uuidinretry"},
	} {
		fk := newFakes()
		got, err := parse(t, tc.src).Apply(fk.all)
		if err != nil {
			t.Errorf("%q: %v", tc.src, err)
			continue
		}
		if names(got) != tc.want {
			t.Errorf("%q: enabled %s, want %s", tc.src, names(got), tc.want)
		}
		// Without exclude, the analyzers are the very same values.
		for _, a := range got {
			if !containsPtr(fk.all, a) {
				t.Errorf("%q: Apply returned a copy of %s without exclude", tc.src, a.Name)
			}
		}
	}
}

func containsPtr(as []*analysis.Analyzer, a *analysis.Analyzer) bool {
	for _, b := range as {
		if a == b {
			return true
		}
	}
	return false
}

func TestApplySettings(t *testing.T) {
	fk := newFakes()
	f := parse(t, `
settings:
  uuidinretry:
    generators: [example.com/ids.New, "example.com/ids.*Gen.Next,example.com/ids/v2.Make"]
    retryfuncs: example.com/retry.Do
    mode: lax
  ctxcancel:
    txsinks: [example.com/db.Tx.Commit]
    verbose: true
`)
	if _, err := f.Apply(fk.all); err != nil {
		t.Fatal(err)
	}
	if got, want := fk.gens.String(), "example.com/ids.New,example.com/ids.Gen.Next,example.com/ids.Make"; got != want {
		t.Errorf("generators = %q, want %q", got, want)
	}
	if got, want := fk.retries.String(), "example.com/retry.Do"; got != want {
		t.Errorf("retryfuncs = %q, want %q", got, want)
	}
	if got, want := fk.txs.String(), "example.com/db.Tx.Commit"; got != want {
		t.Errorf("txsinks = %q, want %q", got, want)
	}
	if !*fk.verbose || *fk.mode != "lax" {
		t.Errorf("verbose, mode = %v, %q; want true, lax", *fk.verbose, *fk.mode)
	}

	// Applying again adds nothing; a flag set on the command line stays.
	if err := fk.gens.Set("example.com/cli.Gen"); err != nil {
		t.Fatal(err)
	}
	if _, err := f.Apply(fk.all); err != nil {
		t.Fatal(err)
	}
	if got, want := fk.gens.String(), "example.com/ids.New,example.com/ids.Gen.Next,example.com/ids.Make,example.com/cli.Gen"; got != want {
		t.Errorf("after a second Apply, generators = %q, want %q", got, want)
	}
}

func TestApplyErrors(t *testing.T) {
	for _, tc := range []struct {
		src  string
		want []string
	}{
		{"enable: [uuidinretry, uuidinrety]", []string{".idemlint.yml:1: enable[1]", `unknown analyzer "uuidinrety"`, "ctxcancel, httpintx, uuidinretry"}},
		{"disable:\n  - nope", []string{".idemlint.yml:2: disable[0]", `unknown analyzer "nope"`}},
		{"enable: [httpintx]\ndisable: [httpintx]", []string{"disable[0]", "both enabled and disabled"}},
		{"disable: [ctxcancel, httpintx, uuidinretry]", []string{"every analyzer is disabled"}},
		{"settings:\n  nope: {a: b}", []string{".idemlint.yml:2: settings.nope", `unknown analyzer "nope"`, "ctxcancel, httpintx, uuidinretry"}},
		{"settings:\n  uuidinretry:\n    generator: [a.B]", []string{".idemlint.yml:3: settings.uuidinretry.generator", `no setting "generator"`, "generators, mode, retryfuncs"}},
		{"settings:\n  httpintx:\n    x: 1", []string{"settings.httpintx.x", "httpintx has no settings"}},
		{"settings:\n  uuidinretry:\n    generators: [example.com/ids.New, uuid]", []string{".idemlint.yml:3: settings.uuidinretry.generators", "[1]", `"uuid" is not of the form import/path.Func`}},
		{"settings:\n  uuidinretry:\n    generators: example.com/ids.New-Thing", []string{"settings.uuidinretry.generators", "not a Go identifier"}},
		{"settings:\n  uuidinretry:\n    mode: [a, b]", []string{"settings.uuidinretry.mode", "takes one value, not a list"}},
		{"settings:\n  ctxcancel:\n    verbose: maybe", []string{".idemlint.yml:3: settings.ctxcancel.verbose", "maybe"}},
	} {
		fk := newFakes()
		_, err := parse(t, tc.src).Apply(fk.all)
		if err == nil {
			t.Errorf("%q: no error", tc.src)
			continue
		}
		for _, w := range tc.want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("%q: error %q does not contain %q", tc.src, err, w)
			}
		}
	}
}

// A wrong name anywhere sets nothing.
func TestApplyAllOrNothing(t *testing.T) {
	fk := newFakes()
	f := parse(t, "settings:\n  ctxcancel:\n    txsinks: [example.com/db.Tx.Commit]\n  uuidinretry:\n    generators: [bad]\n")
	if _, err := f.Apply(fk.all); err == nil {
		t.Fatal("no error")
	}
	if fk.txs.String() != "" {
		t.Errorf("txsinks were set to %q although the configuration is wrong", fk.txs.String())
	}
}

func TestApplyPluginSettingsErrors(t *testing.T) {
	// Settings without a file (golangci-lint's) name the key without a line.
	f := &File{Enable: []string{"nope"}}
	_, err := f.Apply(newFakes().all)
	if err == nil || !strings.HasPrefix(err.Error(), `idemlint settings: enable[0]: unknown analyzer "nope"`) {
		t.Errorf("err = %v", err)
	}
}

// facts-from is read as a list and becomes the gate's setting, which
// decides which packages of other modules are analysed code; a scalar is
// refused with the form to write.
func TestApplyFactsFrom(t *testing.T) {
	t.Cleanup(func() { gate.SetFactsFrom(nil) })
	fk := newFakes()
	f := parse(t, "facts-from: [github.com/acme/kit/..., github.com/acme/bus]\n")
	if _, err := f.Apply(fk.all); err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(gate.FactsFrom(), ","); got != "github.com/acme/kit/...,github.com/acme/bus" {
		t.Errorf("gate.FactsFrom() = %q after Apply", got)
	}
	if !gate.MatchFactsFrom("github.com/acme/kit/retry") || gate.MatchFactsFrom("github.com/acme/other") {
		t.Error("facts-from patterns do not select the packages they name")
	}
	if _, err := Parse([]byte("facts-from: github.com/acme/kit/...\n"), ".idemlint.yml"); err == nil || !strings.Contains(err.Error(), "facts-from: want a list") {
		t.Errorf("a scalar facts-from: error %v, want one asking for a list", err)
	}
	// A configuration without the key clears what an earlier one set.
	if _, err := parse(t, "disable: [httpintx]\n").Apply(fk.all); err != nil {
		t.Fatal(err)
	}
	if len(gate.FactsFrom()) != 0 {
		t.Errorf("facts-from still %q after applying a file without it", gate.FactsFrom())
	}
}
