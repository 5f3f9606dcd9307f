package pgtest

import (
	"testing"
)

// fakeT records what unavailable did instead of ending the test.
type fakeT struct {
	testing.TB
	fatal, skip string
}

func (f *fakeT) Helper()               {}
func (f *fakeT) Fatal(args ...any)     { f.fatal = args[0].(string) }
func (f *fakeT) Skip(args ...any)      { f.skip = args[0].(string) }
func (f *fakeT) Fatalf(string, ...any) { f.fatal = "fatalf" }

func TestUnavailable(t *testing.T) {
	for ci, wantFail := range map[string]bool{"": false, "false": false, "0": false, "true": true, "1": true} {
		t.Setenv("CI", ci)
		f := &fakeT{TB: t}
		unavailable(f, "no initdb")
		if failed := f.fatal != ""; failed != wantFail || (!failed && f.skip == "") {
			t.Errorf("CI=%q: fatal %q, skip %q", ci, f.fatal, f.skip)
		}
	}
}
