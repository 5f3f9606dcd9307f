package driver_test

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/analyzers"
	"github.com/idemlint/idemlint/analyzers/uuidinretry"
	"github.com/idemlint/idemlint/internal/driver"
	"github.com/idemlint/idemlint/internal/testutil"
)

func writeTree(t *testing.T, files map[string]string) string { return testutil.WriteTree(t, files) }

// A local stand-in for github.com/google/uuid, wired in with replace, so
// the tests need no network.
var fakeUUID = map[string]string{
	"fakeuuid/go.mod":  "module github.com/google/uuid\n\ngo 1.26\n",
	"fakeuuid/uuid.go": "package uuid\n\nfunc NewString() string { return \"\" }\n",
}

const requireUUID = "\nrequire github.com/google/uuid v1.6.0\n\nreplace github.com/google/uuid => ../fakeuuid\n"

func with(base map[string]string, more map[string]string) map[string]string {
	out := make(map[string]string)
	for k, v := range base {
		out[k] = v
	}
	for k, v := range more {
		out[k] = v
	}
	return out
}

// summary renders findings as "file:line analyzer: message" relative to dir.
func summary(dir string, res *driver.Result) []string {
	var out []string
	for _, f := range res.Findings {
		out = append(out, fmt.Sprintf("%s:%d %s: %s", driver.RelPath(dir, f.Posn.Filename), f.Posn.Line, f.Analyzer.Name, f.Diag.Message))
	}
	return out
}

func run(t *testing.T, o driver.Options, as []*analysis.Analyzer, patterns ...string) *driver.Result {
	t.Helper()
	res, err := driver.Run(o, as, patterns)
	if err != nil {
		t.Fatalf("Run(%v): %v", patterns, err)
	}
	return res
}

var module = with(fakeUUID, map[string]string{
	"m/go.mod": "module example.com/m\n\ngo 1.26\n" + requireUUID,
	"m/internal/ids/ids.go": `package ids

import "github.com/google/uuid"

func New() string { return "pay_" + uuid.NewString() }
`,
	"m/consumer/consumer.go": `package consumer

import "example.com/m/internal/ids"

func save(id string) error { return nil }

func Pay() error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		if err = save(ids.New()); err == nil {
			return nil
		}
	}
	return err
}
`,
})

// A narrow pattern still sees the helper in another package of the module.
func TestNarrowPattern(t *testing.T) {
	root := writeTree(t, module)
	dir := filepath.Join(root, "m")
	res := run(t, driver.Options{Dir: dir}, []*analysis.Analyzer{uuidinretry.Analyzer}, "./consumer")
	got := summary(dir, res)
	if len(got) != 1 || !strings.Contains(got[0], "consumer/consumer.go:10 uuidinretry: ids.New → uuid.NewString in retry loop") {
		t.Errorf("findings = %q, want the chain through ids.New", got)
	}
	if len(res.Errors) > 0 {
		t.Errorf("errors: %v", res.Errors)
	}
}

// The fast driver and the full-graph mode find the same things.
func TestDifferential(t *testing.T) {
	root := writeTree(t, module)
	cases := []struct {
		dir      string
		patterns []string
	}{
		{filepath.Join(root, "m"), []string{"./..."}},
		{filepath.Join(root, "m"), []string{"./consumer"}},
		{"../../examples", []string{"./..."}},
	}
	for _, c := range cases {
		dir, _ := filepath.Abs(c.dir)
		fast := summary(dir, run(t, driver.Options{Dir: dir, Tests: true}, analyzers.All(), c.patterns...))
		full := summary(dir, run(t, driver.Options{Dir: dir, Tests: true, FullGraph: true}, analyzers.All(), c.patterns...))
		if len(fast) == 0 {
			t.Errorf("%s %v: no findings at all", c.dir, c.patterns)
		}
		if !slices.Equal(fast, full) {
			t.Errorf("%s %v: fast and full-graph findings differ\nfast: %q\nfull: %q", c.dir, c.patterns, fast, full)
		}
	}
}

var workspace = with(fakeUUID, map[string]string{
	"go.work":        "go 1.26\n\nuse (\n\t./helpers\n\t./svc\n\t./fakeuuid\n)\n",
	"helpers/go.mod": "module example.com/helpers\n\ngo 1.26\n" + requireUUID,
	"helpers/ids/ids.go": `package ids

import "github.com/google/uuid"

func New() string { return uuid.NewString() }
`,
	"svc/go.mod": "module example.com/svc\n\ngo 1.26\n\nrequire example.com/helpers v0.0.0\n\nreplace example.com/helpers => ../helpers\n" + requireUUID,
	"svc/pay/pay.go": `package pay

import "example.com/helpers/ids"

func save(id string) error { return nil }

func Pay() error {
	for range 3 {
		if err := save(ids.New()); err == nil {
			return nil
		}
	}
	return nil
}
`,
})

// A helper in another module of a go.work workspace is found; without the
// workspace, the module replaced by a directory (a monorepo's sibling) is
// found too, and with -facts-from naming it.
func TestWorkspaceAndFactsFrom(t *testing.T) {
	root := writeTree(t, workspace)
	as := []*analysis.Analyzer{uuidinretry.Analyzer}
	want := "pay/pay.go:9 uuidinretry: ids.New → uuid.NewString in retry loop"

	inWork := summary(filepath.Join(root, "svc"), run(t, driver.Options{Dir: filepath.Join(root, "svc")}, as, "./..."))
	if len(inWork) != 1 || !strings.HasPrefix(inWork[0], want) {
		t.Errorf("workspace: findings = %q, want %q", inWork, want)
	}

	noWork := append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod")
	dir := filepath.Join(root, "svc")
	plain := summary(dir, run(t, driver.Options{Dir: dir, Env: noWork}, as, "./..."))
	if len(plain) != 1 || !strings.HasPrefix(plain[0], want) {
		t.Errorf("without go.work: findings = %q, want %q (helpers, replaced by a directory, is the team's own sibling module)", plain, want)
	}
	withFacts := summary(dir, run(t, driver.Options{Dir: dir, Env: noWork, FactsFrom: []string{"example.com/helpers/..."}}, as, "./..."))
	if len(withFacts) != 1 || !strings.HasPrefix(withFacts[0], want) {
		t.Errorf("with -facts-from: findings = %q, want %q", withFacts, want)
	}
}

// Bad input gives a clear error or a clean run, never a panic.
func TestBadInput(t *testing.T) {
	root := writeTree(t, with(fakeUUID, map[string]string{
		"m/go.mod":           "module example.com/m\n\ngo 1.26\n" + requireUUID,
		"m/broken/broken.go": "package broken\n\nfunc {\n",
		"m/illtyped/ill.go":  "package illtyped\n\nfunc F() int { return \"s\" }\n",
		"m/generic/g.go":     "package generic\n\nimport \"github.com/google/uuid\"\n\nfunc Do[T any](fn func() (T, error)) (T, error) {\n\tfor {\n\t\tif v, err := fn(); err == nil {\n\t\t\treturn v, nil\n\t\t}\n\t}\n}\n\nfunc Use() (string, error) { return Do(func() (string, error) { return uuid.NewString(), nil }) }\n",
		"m/tagged/t.go":      "//go:build special\n\npackage tagged\n\nfunc F() {}\n",
		"m/tagged/u.go":      "package tagged\n",
		"m/cgo/c.go":         "package cgo\n\n// int two(void) { return 2; }\nimport \"C\"\n\nfunc Two() int { return int(C.two()) }\n",
		"m/ok/ok.go":         "package ok\n\nfunc OK() {}\n",
	}))
	dir := filepath.Join(root, "m")
	as := analyzers.All()

	cases := []struct {
		patterns []string
		wantErr  string // in the returned error or Result.Errors
	}{
		{[]string{"./broken"}, "package example.com/m/broken does not load or type-check"},
		{[]string{"./illtyped"}, "package example.com/m/illtyped does not load or type-check"},
		{[]string{"./nonexistent"}, "cannot load ./nonexistent"},
		{[]string{""}, "empty package pattern"},
		{nil, "no package patterns"},
		{[]string{"./ok", "./generic", "./tagged", "./cgo"}, ""},
	}
	for _, c := range cases {
		res, err := driver.Run(driver.Options{Dir: dir, Tests: true}, as, c.patterns)
		var msgs []string
		if err != nil {
			msgs = append(msgs, err.Error())
		}
		if res != nil {
			for _, e := range res.Errors {
				msgs = append(msgs, e.Error())
			}
		}
		all := strings.Join(msgs, "\n")
		if c.wantErr == "" && all != "" || c.wantErr != "" && !strings.Contains(all, c.wantErr) {
			t.Errorf("%q: errors %q, want %q", c.patterns, all, c.wantErr)
		}
	}
	// The broken package does not stop the others.
	res := run(t, driver.Options{Dir: dir}, as, "./...")
	if len(res.Errors) != 2 {
		t.Errorf("./...: %d package errors, want 2 (broken, illtyped): %v", len(res.Errors), res.Errors)
	}
}
