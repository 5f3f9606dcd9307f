package driver_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/idemlint/idemlint/analyzers"
	"github.com/idemlint/idemlint/internal/driver"
)

// The SARIF log validates against the official SARIF 2.1.0 JSON schema
// (testdata/sarif-schema-2.1.0.json, OASIS errata01) and carries one rule
// per analyzer, and regions and fixes for the findings.
func TestSARIFSchema(t *testing.T) {
	dir, _ := filepath.Abs("../../examples")
	res := run(t, driver.Options{Dir: dir}, analyzers.All(), "./bad/...")
	if len(res.Findings) == 0 {
		t.Fatal("no findings in examples/bad")
	}
	var buf bytes.Buffer
	if err := driver.WriteSARIF(&buf, dir, analyzers.All(), res, "test"); err != nil {
		t.Fatal(err)
	}

	schemaFile, err := os.Open("testdata/sarif-schema-2.1.0.json")
	if err != nil {
		t.Fatal(err)
	}
	defer schemaFile.Close()
	schemaDoc, err := jsonschema.UnmarshalJSON(schemaFile)
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	const url = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
	if err := c.AddResource(url, schemaDoc); err != nil {
		t.Fatal(err)
	}
	schema, err := c.Compile(url)
	if err != nil {
		t.Fatal(err)
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(buf.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	if err := schema.Validate(doc); err != nil {
		t.Fatalf("SARIF log does not validate against the 2.1.0 schema: %v", err)
	}

	var log struct {
		Runs []struct {
			Tool struct {
				Driver struct {
					Rules []struct {
						ID      string `json:"id"`
						HelpURI string `json:"helpUri"`
					} `json:"rules"`
				} `json:"driver"`
			} `json:"tool"`
			Invocations []struct {
				ExecutionSuccessful bool `json:"executionSuccessful"`
			} `json:"invocations"`
			Results []struct {
				RuleID    string `json:"ruleId"`
				Locations []struct {
					PhysicalLocation struct {
						ArtifactLocation struct {
							URI       string `json:"uri"`
							URIBaseID string `json:"uriBaseId"`
						} `json:"artifactLocation"`
						Region struct{ StartLine int } `json:"region"`
					} `json:"physicalLocation"`
				} `json:"locations"`
				Fixes []json.RawMessage `json:"fixes"`
			} `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal(buf.Bytes(), &log); err != nil {
		t.Fatal(err)
	}
	if len(log.Runs) != 1 {
		t.Fatalf("%d runs, want 1", len(log.Runs))
	}
	r := log.Runs[0]
	if got, want := len(r.Tool.Driver.Rules), len(analyzers.All()); got != want {
		t.Errorf("%d rules, want one per analyzer (%d)", got, want)
	}
	if got, want := len(r.Results), len(res.Findings); got != want {
		t.Errorf("%d results, want %d", got, want)
	}
	fixes := 0
	for _, res := range r.Results {
		loc := res.Locations[0].PhysicalLocation
		// examples/ is a module in a subdirectory of the repository: paths
		// are relative to the repository's root, where GitHub resolves them.
		if !strings.HasPrefix(loc.ArtifactLocation.URI, "examples/bad/") || loc.ArtifactLocation.URIBaseID != "%SRCROOT%" || loc.Region.StartLine == 0 {
			t.Errorf("result %s: location %+v, want a path relative to the repository's root and a region", res.RuleID, loc)
		}
		fixes += len(res.Fixes)
	}
	if fixes == 0 {
		t.Errorf("no fixes in the SARIF log, though examples/bad has fixable findings")
	}
	if len(r.Invocations) != 1 || !r.Invocations[0].ExecutionSuccessful {
		t.Errorf("invocations %+v, want one that succeeded", r.Invocations)
	}
}

// A run with tool errors says so in SARIF: the invocation did not succeed,
// and each error is a notification (the findings may be incomplete).
func TestSARIFToolErrors(t *testing.T) {
	res := &driver.Result{Errors: []error{errors.New("package example.com/m does not load")}}
	var buf bytes.Buffer
	if err := driver.WriteSARIF(&buf, t.TempDir(), analyzers.All(), res, "test"); err != nil {
		t.Fatal(err)
	}
	var log struct {
		Runs []struct {
			Invocations []struct {
				ExecutionSuccessful        bool `json:"executionSuccessful"`
				ToolExecutionNotifications []struct {
					Level   string `json:"level"`
					Message struct {
						Text string `json:"text"`
					} `json:"message"`
				} `json:"toolExecutionNotifications"`
			} `json:"invocations"`
		} `json:"runs"`
	}
	if err := json.Unmarshal(buf.Bytes(), &log); err != nil {
		t.Fatal(err)
	}
	if len(log.Runs) != 1 || len(log.Runs[0].Invocations) != 1 {
		t.Fatalf("want one run with one invocation:\n%s", buf.String())
	}
	inv := log.Runs[0].Invocations[0]
	if inv.ExecutionSuccessful || len(inv.ToolExecutionNotifications) != 1 ||
		inv.ToolExecutionNotifications[0].Level != "error" || !strings.Contains(inv.ToolExecutionNotifications[0].Message.Text, "does not load") {
		t.Errorf("invocation %+v, want executionSuccessful false and the error as a notification", inv)
	}
}

// The Code Climate report (GitLab's code-quality widget): one issue per
// finding with the fields GitLab reads, paths relative to the repository's
// root, fingerprints as the baseline's.
func TestCodeClimate(t *testing.T) {
	dir, _ := filepath.Abs("../../examples")
	res := run(t, driver.Options{Dir: dir}, analyzers.All(), "./bad/...")
	var buf bytes.Buffer
	if err := driver.WriteCodeClimate(&buf, dir, res); err != nil {
		t.Fatal(err)
	}
	var issues []struct {
		Description string `json:"description"`
		CheckName   string `json:"check_name"`
		Fingerprint string `json:"fingerprint"`
		Severity    string `json:"severity"`
		Location    struct {
			Path  string `json:"path"`
			Lines struct {
				Begin int `json:"begin"`
			} `json:"lines"`
		} `json:"location"`
	}
	if err := json.Unmarshal(buf.Bytes(), &issues); err != nil {
		t.Fatalf("not a JSON array of issues: %v\n%s", err, buf.String())
	}
	if len(issues) != len(res.Findings) || len(issues) == 0 {
		t.Fatalf("%d issues, want %d", len(issues), len(res.Findings))
	}
	seen := make(map[string]bool)
	for i, is := range issues {
		f := res.Findings[i]
		want := "examples/" + filepath.ToSlash(driver.RelPath(dir, f.Posn.Filename))
		if is.CheckName != f.Analyzer.Name || !strings.HasSuffix(is.Description, f.Diag.Message) ||
			is.Location.Path != want || is.Location.Lines.Begin != f.Posn.Line ||
			is.Fingerprint != driver.Fingerprint(dir, f) || is.Severity != "major" {
			t.Errorf("issue %d = %+v, want %s at %s:%d", i, is, f.Analyzer.Name, want, f.Posn.Line)
		}
		if seen[is.Fingerprint] {
			t.Errorf("fingerprint %s repeated", is.Fingerprint)
		}
		seen[is.Fingerprint] = true
	}
	var empty bytes.Buffer
	if err := driver.WriteCodeClimate(&empty, dir, &driver.Result{}); err != nil || strings.TrimSpace(empty.String()) != "[]" {
		t.Errorf("no findings: %q, %v; want []", empty.String(), err)
	}
}

// A baseline hides recorded findings, survives lines shifting, and lets a
// new finding through.
func TestBaseline(t *testing.T) {
	src := `package p

import "github.com/google/uuid"

func save(id string) error { return nil }

func A() error {
	for range 3 {
		if err := save(uuid.NewString()); err == nil {
			return nil
		}
	}
	return nil
}
`
	root := writeTree(t, with(fakeUUID, map[string]string{
		"m/go.mod": "module example.com/m\n\ngo 1.26\n" + requireUUID,
		"m/p/p.go": src,
	}))
	dir := filepath.Join(root, "m")
	baseline := filepath.Join(dir, "idemlint-baseline.json")
	as := analyzers.All()

	res := run(t, driver.Options{Dir: dir}, as, "./...")
	if len(res.Findings) != 1 {
		t.Fatalf("findings = %d, want 1", len(res.Findings))
	}
	if _, _, err := driver.ApplyBaseline(baseline, dir, res); err != driver.ErrNoBaseline {
		t.Fatalf("missing baseline: err = %v, want ErrNoBaseline", err)
	}
	if err := driver.WriteBaseline(baseline, dir, res); err != nil {
		t.Fatal(err)
	}

	// Shift the lines and add a second, new finding.
	shifted := strings.Replace(src, "func save", "// a comment\n\nfunc save", 1) + `
func B() error {
	for range 3 {
		if err := save("b" + uuid.NewString()); err == nil {
			return nil
		}
	}
	return nil
}
`
	if err := os.WriteFile(filepath.Join(dir, "p", "p.go"), []byte(shifted), 0o644); err != nil {
		t.Fatal(err)
	}
	res = run(t, driver.Options{Dir: dir}, as, "./...")
	dropped, stale, err := driver.ApplyBaseline(baseline, dir, res)
	if err != nil {
		t.Fatal(err)
	}
	if dropped != 1 || stale != 0 || len(res.Findings) != 1 || res.Findings[0].Posn.Line != 20 {
		var got []string
		for _, f := range res.Findings {
			got = append(got, f.Posn.String())
		}
		t.Errorf("dropped %d, stale %d, left %v; want 1 dropped, none stale and the new finding at line 20", dropped, stale, got)
	}

	// The recorded finding fixed: its entry is stale.
	res = run(t, driver.Options{Dir: dir}, as, "./...")
	res.Findings = slices.DeleteFunc(res.Findings, func(f driver.Finding) bool { return f.Posn.Line != 20 })
	if dropped, stale, err = driver.ApplyBaseline(baseline, dir, res); err != nil || dropped != 0 || stale != 1 {
		t.Errorf("after the recorded finding went: dropped %d, stale %d, err %v; want 0 dropped, 1 stale", dropped, stale, err)
	}
}
