package config

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func write(t *testing.T, path, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestFind(t *testing.T) {
	root := t.TempDir()
	deep := filepath.Join(root, "a", "b", "c")
	if err := os.MkdirAll(deep, 0o755); err != nil {
		t.Fatal(err)
	}

	// Nothing up to the file-system root (assuming none above the temp dir).
	if p, err := Find(deep); err != nil || (p != "" && !strings.HasPrefix(root, filepath.Dir(p))) {
		t.Fatalf("Find with no file = %q, %v", p, err)
	}

	write(t, filepath.Join(root, "a", ".idemlint.yaml"), "enable: [x]\n")
	p, err := Find(deep)
	if err != nil || p != filepath.Join(root, "a", ".idemlint.yaml") {
		t.Fatalf("Find = %q, %v; want the .yaml file two levels up", p, err)
	}

	// The nearest wins.
	write(t, filepath.Join(root, "a", "b", ".idemlint.yml"), "enable: [y]\n")
	p, err = Find(deep)
	if err != nil || p != filepath.Join(root, "a", "b", ".idemlint.yml") {
		t.Fatalf("Find = %q, %v; want the nearest file", p, err)
	}

	// Both names in one directory is ambiguous.
	write(t, filepath.Join(root, "a", "b", ".idemlint.yaml"), "enable: [y]\n")
	if _, err := Find(deep); err == nil || !strings.Contains(err.Error(), "both") {
		t.Fatalf("Find with two files: err = %v, want 'both ... exist'", err)
	}

	// A relative directory works.
	t.Chdir(filepath.Join(root, "a"))
	p, err = Find(".")
	if err != nil || p != filepath.Join(root, "a", ".idemlint.yaml") {
		t.Fatalf("Find(.) = %q, %v", p, err)
	}
}

func TestLoad(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, ".idemlint.yml")
	write(t, path, `# comment
enable: [uuidinretry, ctxcancel]
disable:
  - httpintx
settings:
  uuidinretry:
    generators: [example.com/ids.New, "example.com/ids.Gen.Next"]
    retryfuncs: example.com/retry.Do
  ctxcancel:
    verbose: true
    depth: 3
exclude:
  - internal/legacy/**
  - "*_gen.go"
`)
	f, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := f.Enable, []string{"uuidinretry", "ctxcancel"}; !reflect.DeepEqual(got, want) {
		t.Errorf("Enable = %v, want %v", got, want)
	}
	if got, want := f.Disable, []string{"httpintx"}; !reflect.DeepEqual(got, want) {
		t.Errorf("Disable = %v, want %v", got, want)
	}
	wantSettings := map[string]map[string]Value{
		"uuidinretry": {
			"generators": {Items: []string{"example.com/ids.New", "example.com/ids.Gen.Next"}, List: true},
			"retryfuncs": {Items: []string{"example.com/retry.Do"}},
		},
		"ctxcancel": {
			"verbose": {Items: []string{"true"}},
			"depth":   {Items: []string{"3"}},
		},
	}
	if !reflect.DeepEqual(f.Settings, wantSettings) {
		t.Errorf("Settings = %#v\nwant %#v", f.Settings, wantSettings)
	}
	if got, want := f.Exclude, []string{"internal/legacy/**", "*_gen.go"}; !reflect.DeepEqual(got, want) {
		t.Errorf("Exclude = %v, want %v", got, want)
	}
	if f.Path() != path || f.dir != dir {
		t.Errorf("path, dir = %q, %q", f.Path(), f.dir)
	}
	if got := f.where("settings.uuidinretry.generators"); got != path+":7: settings.uuidinretry.generators" {
		t.Errorf("where = %q, want the line of the key", got)
	}

	if _, err := Load(filepath.Join(dir, "missing.yml")); err == nil {
		t.Error("Load of a missing file: no error")
	}
}

func TestParseEmpty(t *testing.T) {
	for _, src := range []string{"", "# only a comment\n", "---\n"} {
		f, err := Parse([]byte(src), "x.yml")
		if err != nil {
			t.Errorf("Parse(%q): %v", src, err)
			continue
		}
		if f.Enable != nil || f.Disable != nil || f.Settings != nil || f.Exclude != nil {
			t.Errorf("Parse(%q) = %+v, want empty", src, f)
		}
	}
}

func TestParseErrors(t *testing.T) {
	for _, tc := range []struct {
		src  string
		want []string // substrings of the error
	}{
		{"enabel: [x]\n", []string{"x.yml:1:", `unknown key "enabel"`, "enable, disable, settings, exclude"}},
		{"enable: [a]\nexcludes: [b]\n", []string{"x.yml:2:", `unknown key "excludes"`}},
		{"- a\n- b\n", []string{"x.yml:1:", "must be a mapping"}},
		{"enable: uuidinretry\n", []string{"x.yml:1:", "enable: want a list"}},
		{"settings: [a]\n", []string{"settings: want a mapping"}},
		{"settings:\n  uuidinretry: [a]\n", []string{"x.yml:2:", "settings.uuidinretry: want a mapping"}},
		{"settings:\n  uuidinretry:\n    generators: {a: b}\n", []string{"x.yml", "line 3", "must be a string, number, boolean or a list"}},
		{"settings:\n  uuidinretry:\n    generators: [[a]]\n", []string{"line 3", "list item"}},
		{"settings:\n  uuidinretry:\n    generators:\n", []string{"x.yml:3: settings.uuidinretry.generators", "needs a value"}},
		{"enable: [a]\nenable: [b]\n", []string{"x.yml", "already defined"}},
		{"enable: [a\n", []string{"x.yml"}},
		{"exclude: ['[a']\n", []string{"x.yml:1: exclude[0]", "not a valid pattern"}},
		{"exclude: ['']\n", []string{"exclude[0]", "empty pattern"}},
	} {
		_, err := Parse([]byte(tc.src), "x.yml")
		if err == nil {
			t.Errorf("Parse(%q): no error", tc.src)
			continue
		}
		for _, w := range tc.want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("Parse(%q) error %q does not contain %q", tc.src, err, w)
			}
		}
	}
}

// golangci-lint hands the plugin its settings as decoded YAML, which the
// plugin re-decodes through JSON (register.DecodeSettings).
func TestJSONDecoding(t *testing.T) {
	src := `{"enable":["a"],"settings":{"a":{"list":["x.F","y.T.M"],"one":"z.G","flag":true,"n":3}},"exclude":["gen/**"]}`
	var f File
	if err := json.Unmarshal([]byte(src), &f); err != nil {
		t.Fatal(err)
	}
	want := map[string]Value{
		"list": {Items: []string{"x.F", "y.T.M"}, List: true},
		"one":  {Items: []string{"z.G"}},
		"flag": {Items: []string{"true"}},
		"n":    {Items: []string{"3"}},
	}
	if !reflect.DeepEqual(f.Settings["a"], want) {
		t.Errorf("settings = %#v, want %#v", f.Settings["a"], want)
	}
	for _, bad := range []string{
		`{"settings":{"a":{"s":null}}}`,
		`{"settings":{"a":{"s":{"x":1}}}}`,
		`{"settings":{"a":{"s":[["x"]]}}}`,
	} {
		var f File
		if err := json.Unmarshal([]byte(bad), &f); err == nil {
			t.Errorf("json %s: no error", bad)
		}
	}
	// Round trip.
	out, err := json.Marshal(f.Settings["a"])
	if err != nil {
		t.Fatal(err)
	}
	var back map[string]Value
	if err := json.Unmarshal(out, &back); err != nil || !reflect.DeepEqual(back, want) {
		t.Errorf("round trip: %s → %#v, %v", out, back, err)
	}
}
