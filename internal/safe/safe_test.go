package safe_test

import (
	"go/types"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/internal/gate"
	"github.com/idemlint/idemlint/internal/safe"
)

// A panic becomes an error naming the analyzer and the package.
func TestRunPanic(t *testing.T) {
	a := &analysis.Analyzer{Name: "boom", Doc: "boom: test"}
	a.Run = safe.Run(func(*analysis.Pass) (any, error) { panic("odd code") })
	res, err := a.Run(&analysis.Pass{Analyzer: a, Pkg: types.NewPackage("example.com/p", "p")})
	if res != nil || err == nil {
		t.Fatalf("Run = %v, %v; want an error", res, err)
	}
	for _, want := range []string{"analyzer boom", "package example.com/p", "odd code"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not mention %q", err, want)
		}
	}
}

// A package a driver skips for an analyzer is not analysed, unless the
// gates are disabled; the skip is forgotten when the driver says so.
func TestRunSkipped(t *testing.T) {
	ran := false
	a := &analysis.Analyzer{Name: "skippy", Doc: "skippy: test"}
	a.Run = safe.Run(func(*analysis.Pass) (any, error) { ran = true; return nil, nil })
	pkg := types.NewPackage("example.com/p", "p")
	pass := &analysis.Pass{Analyzer: a, Pkg: pkg}
	forget := gate.Skip("skippy", pkg)
	if _, err := a.Run(pass); err != nil || ran {
		t.Fatalf("skipped package: ran %t, err %v", ran, err)
	}
	gate.Disabled = true
	_, err := a.Run(pass)
	gate.Disabled = false
	if err != nil || !ran {
		t.Fatalf("gates disabled: ran %t, err %v", ran, err)
	}
	ran = false
	forget()
	if _, err := a.Run(pass); err != nil || !ran {
		t.Fatalf("after forget: ran %t, err %v", ran, err)
	}
}
