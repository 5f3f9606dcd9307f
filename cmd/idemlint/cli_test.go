package main

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/idemlint/idemlint/analyzers"
	"github.com/idemlint/idemlint/internal/config"
	"github.com/idemlint/idemlint/internal/testutil"
)

// A small module with local stand-ins for uuid and retry-go (no network).
var fixModule = map[string]string{
	"fakeuuid/go.mod":    "module github.com/google/uuid\n\ngo 1.26\n",
	"fakeuuid/uuid.go":   "package uuid\n\nfunc NewString() string { return \"\" }\n",
	"fakeretry/go.mod":   "module github.com/avast/retry-go/v4\n\ngo 1.26\n",
	"fakeretry/retry.go": "package retry\n\ntype RetryableFunc func() error\n\nfunc Do(f RetryableFunc, opts ...any) error { return f() }\n",
	"m/go.mod": `module example.com/m

go 1.26

require (
	github.com/avast/retry-go/v4 v4.7.0
	github.com/google/uuid v1.6.0
)

replace (
	github.com/avast/retry-go/v4 => ../fakeretry
	github.com/google/uuid => ../fakeuuid
)
`,
	"m/pay/pay.go": `package pay

import (
	retry "github.com/avast/retry-go/v4"
	"github.com/google/uuid"
)

type Charge struct{ IdempotencyKey string }

func send(c Charge) error { return nil }

func Pay() error {
	return retry.Do(func() error {
		key := uuid.NewString()
		return send(Charge{IdempotencyKey: key})
	})
}
`,
}

const fixedPay = `package pay

import (
	retry "github.com/avast/retry-go/v4"
	"github.com/google/uuid"
)

type Charge struct{ IdempotencyKey string }

func send(c Charge) error { return nil }

func Pay() error {
	key := uuid.NewString()
	return retry.Do(func() error {
		return send(Charge{IdempotencyKey: key})
	})
}
`

func TestDiffAndFix(t *testing.T) {
	root := testutil.WriteTree(t, fixModule)
	t.Chdir(filepath.Join(root, "m"))
	t.Setenv("GOWORK", "off")
	t.Setenv("GOFLAGS", "-mod=mod")
	payFile := filepath.Join(root, "m", "pay", "pay.go")

	var stdout, stderr bytes.Buffer
	if code := run([]string{"-diff", "./..."}, &stdout, &stderr); code != exitFindings {
		t.Fatalf("-diff: exit %d, want %d\n%s", code, exitFindings, stderr.String())
	}
	if !strings.Contains(stdout.String(), "+\tkey := uuid.NewString()") || !strings.Contains(stdout.String(), "-\t\tkey := uuid.NewString()") {
		t.Errorf("-diff output does not move the key:\n%s", stdout.String())
	}
	if got, _ := os.ReadFile(payFile); string(got) != fixModule["m/pay/pay.go"] {
		t.Errorf("-diff changed the file")
	}

	stdout.Reset()
	stderr.Reset()
	if code := run([]string{"-fix", "./..."}, &stdout, &stderr); code != exitFindings {
		t.Fatalf("-fix: exit %d\n%s", code, stderr.String())
	}
	if got, _ := os.ReadFile(payFile); string(got) != fixedPay {
		t.Errorf("-fix result:\n%s\nwant:\n%s", got, fixedPay)
	}
	stdout.Reset()
	if code := run([]string{"./..."}, &stdout, &stderr); code != exitClean {
		t.Errorf("after -fix: exit %d, output %s", code, stdout.String())
	}
}

func TestHelpListsAnalyzers(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := run([]string{"-help"}, &stdout, &stderr); code != exitClean {
		t.Fatalf("-help: exit %d", code)
	}
	for _, a := range analyzers.All() {
		if !strings.Contains(stderr.String(), a.Name) {
			t.Errorf("-help does not list %s", a.Name)
		}
	}
	if code := run(nil, &stdout, &stderr); code != exitError {
		t.Errorf("no arguments: exit %d, want %d (usage)", code, exitError)
	}
	if code := run([]string{"-nosuchflag", "./..."}, &stdout, &stderr); code != exitError {
		t.Errorf("unknown flag: exit %d, want %d", code, exitError)
	}
}

// The help of -baseline and -diff says what they do: a missing baseline is
// an error (TestGate checks it), -diff works without -fix (TestDiffAndFix).
func TestHelpMatchesBehaviour(t *testing.T) {
	var stdout, stderr bytes.Buffer
	run([]string{"-help"}, &stdout, &stderr)
	help := stderr.String()
	for _, bad := range []string{"if it does not exist, record", "with -fix, print"} {
		if strings.Contains(help, bad) {
			t.Errorf("-help still says %q", bad)
		}
	}
	for _, good := range []string{"a missing file is an error", "with or without -fix", "-version"} {
		if !strings.Contains(help, good) {
			t.Errorf("-help does not say %q", good)
		}
	}
}

// A baseline entry that matches no finding any more is reported on stderr
// with the count, without changing the exit status.
func TestBaselineStaleNote(t *testing.T) {
	root := testutil.WriteTree(t, fixModule)
	t.Chdir(filepath.Join(root, "m"))
	t.Setenv("GOWORK", "off")
	t.Setenv("GOFLAGS", "-mod=mod")
	var stdout, stderr bytes.Buffer
	if code := run([]string{"-baseline", "b.json", "-update-baseline", "./..."}, &stdout, &stderr); code != exitClean {
		t.Fatalf("-update-baseline: exit %d\n%s", code, stderr.String())
	}
	if code := run([]string{"-fix", "./..."}, &stdout, &stderr); code != exitFindings {
		t.Fatalf("-fix: exit %d\n%s", code, stderr.String())
	}
	stderr.Reset()
	if code := run([]string{"-baseline", "b.json", "./..."}, &stdout, &stderr); code != exitClean {
		t.Fatalf("-baseline after the fix: exit %d\n%s", code, stderr.String())
	}
	if !strings.Contains(stderr.String(), "note: 1 entries of b.json match no finding") {
		t.Errorf("no note about the stale entry:\n%s", stderr.String())
	}
}

// A package whose dependency lacks its go.sum entry says so and what to do,
// not only `could not import ... (invalid package name: "")`.
func TestLoadErrorSaysWhy(t *testing.T) {
	root := testutil.WriteTree(t, map[string]string{
		"m/go.mod": "module example.com/m\n\ngo 1.26\n\nrequire github.com/google/uuid v1.6.0\n",
		"m/m.go":   "package m\n\nimport \"github.com/google/uuid\"\n\nfunc F() string { return uuid.NewString() }\n",
	})
	t.Chdir(filepath.Join(root, "m"))
	t.Setenv("GOWORK", "off")
	t.Setenv("GOFLAGS", "-mod=readonly")
	t.Setenv("GOPROXY", "off")
	var stdout, stderr bytes.Buffer
	if code := run([]string{"./..."}, &stdout, &stderr); code != exitError {
		t.Fatalf("exit %d, want %d\n%s", code, exitError, stderr.String())
	}
	for _, want := range []string{"import github.com/google/uuid: missing go.sum entry", "run go mod tidy"} {
		if !strings.Contains(stderr.String(), want) {
			t.Errorf("error does not say %q:\n%s", want, stderr.String())
		}
	}
}

// A configured function name that names nothing in the run is a warning on
// stderr, not an error; one that exists is silent.
func TestUnmatchedFuncWarning(t *testing.T) {
	root := testutil.WriteTree(t, fixModule)
	t.Chdir(filepath.Join(root, "m"))
	t.Setenv("GOWORK", "off")
	t.Setenv("GOFLAGS", "-mod=mod")
	t.Cleanup(func() { // the flags are the analyzers' own, shared by the tests
		for _, a := range analyzers.All() {
			a.Flags.VisitAll(func(fl *flag.Flag) {
				if l, ok := fl.Value.(*config.FuncList); ok {
					l.Funcs = nil
				}
			})
		}
	})
	var stdout, stderr bytes.Buffer
	args := []string{"-uuidinretry.generators=github.com/google/uuid.NewStrin,example.com/m/pay.send",
		"-uuidinretry.retryfuncs=example.com/m/pay.(*Charge).Retry", "./..."}
	if code := run(args, &stdout, &stderr); code != exitFindings {
		t.Fatalf("exit %d, want %d (a warning is not an error)\n%s", code, exitFindings, stderr.String())
	}
	for _, want := range []string{
		"warning: uuidinretry.generators: github.com/google/uuid.NewStrin names no function",
		"warning: uuidinretry.retryfuncs: example.com/m/pay.Charge.Retry names no function",
	} {
		if !strings.Contains(stderr.String(), want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr.String())
		}
	}
	if strings.Contains(stderr.String(), "pay.send") {
		t.Errorf("warned about a function that exists:\n%s", stderr.String())
	}
}
