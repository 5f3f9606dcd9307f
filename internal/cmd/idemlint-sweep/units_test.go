package main

import (
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func TestParseListLine(t *testing.T) {
	s, err := parseListLine("acme/shop abc dir=x/shop modules=.,worker env=GOWORK=off,GOFLAGS=-mod=mod patterns=./cmd/...,./internal/...", "/r")
	if err != nil {
		t.Fatal(err)
	}
	want := repoSpec{Name: "acme/shop", Commit: "abc", Dir: filepath.FromSlash("/r/x/shop"),
		Modules: []string{".", "worker"}, Env: []string{"GOWORK=off", "GOFLAGS=-mod=mod"}, Patterns: []string{"./cmd/...", "./internal/..."}}
	if !reflect.DeepEqual(s, want) {
		t.Errorf("got %+v\nwant %+v", s, want)
	}
	if s, _ := parseListLine("acme/shop abc", "/r"); s.Dir != filepath.FromSlash("/r/acme+shop") || s.Patterns[0] != "./..." {
		t.Errorf("defaults: dir %s, patterns %v", s.Dir, s.Patterns)
	}
	for _, bad := range []string{"acme/shop", "acme abc", "acme/shop abc color=red", "acme/shop abc env=NOVALUE"} {
		if _, err := parseListLine(bad, "/r"); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

func TestSelectRepos(t *testing.T) {
	specs := []repoSpec{{Name: "a/x"}, {Name: "b/y"}, {Name: "c/z"}}
	got, err := selectRepos(specs, "c/z,a/x")
	if err != nil || len(got) != 2 || got[0].Name != "a/x" || got[1].Name != "c/z" {
		t.Errorf("got %v, %v", got, err)
	}
	if _, err := selectRepos(specs, "d/w"); err == nil {
		t.Error("-only of an unlisted repository: no error")
	}
}

// TestParseXToolsJSON covers a finding reported in a package and its test
// variant, a file outside the root and an analyzer's error object.
func TestParseXToolsJSON(t *testing.T) {
	data := `{
	"acme/a": {"ctxcancel": [{"posn": "/r/a/a.go:3:4", "message": "m"}]},
	"acme/a [acme/a.test]": {"ctxcancel": [{"posn": "/r/a/a.go:3:4", "message": "m"}, {"posn": "/elsewhere/b.go:9:1", "message": "n"}]},
	"acme/c": {"httpintx": {"error": "boom"}}
}`
	found, errs, err := parseXToolsJSON([]byte(data), []string{"/r"})
	if err != nil {
		t.Fatal(err)
	}
	found = dedupFindings(found)
	want := []finding{{"ctxcancel", "/elsewhere/b.go", 9, 1, "n"}, {"ctxcancel", "a/a.go", 3, 4, "m"}}
	if !reflect.DeepEqual(found, want) {
		t.Errorf("findings %+v, want %+v", found, want)
	}
	if strings.Join(errs, ";") != "acme/c: httpintx: boom" {
		t.Errorf("errors %q", errs)
	}
	if _, _, err := parseXToolsJSON([]byte(`{"p": {"a": 3}}`), nil); err == nil {
		t.Error("unexpected shape: no error")
	}
}

func TestFindModules(t *testing.T) {
	got, err := findModules("testdata")
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"broken", "ledger", "shop", "shop/relay"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
}
