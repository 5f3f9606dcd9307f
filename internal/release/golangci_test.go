package release

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"

	"github.com/idemlint/idemlint/internal/gclbuild"
)

// customGCL is what .custom-gcl.example.yml asks `golangci-lint custom` to
// build: a golangci-lint release and the idemlint plugin at a tag.
type customGCL struct {
	Version string `yaml:"version"`
	Plugins []struct {
		Module  string `yaml:"module"`
		Import  string `yaml:"import"`
		Version string `yaml:"version"`
		Path    string `yaml:"path"`
	} `yaml:"plugins"`
}

// readCustomGCL reads the repository's example and checks that it pins the
// plugin at the released tag (not a path), as the README tells users to.
func readCustomGCL(t *testing.T, root string) (gclVersion, pluginImport string) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(root, ".custom-gcl.example.yml"))
	if err != nil {
		t.Fatal(err)
	}
	var c customGCL
	if err := yaml.Unmarshal(data, &c); err != nil {
		t.Fatalf(".custom-gcl.example.yml: %v", err)
	}
	if len(c.Plugins) != 1 || c.Plugins[0].Module != "github.com/idemlint/idemlint" || c.Plugins[0].Version != version || c.Plugins[0].Path != "" {
		t.Fatalf(".custom-gcl.example.yml: want one plugin github.com/idemlint/idemlint at %s, got %+v", version, c.Plugins)
	}
	if c.Version != gclbuild.Version {
		t.Fatalf(".custom-gcl.example.yml builds golangci-lint %q; the plugin is tested with %s (internal/gclbuild)", c.Version, gclbuild.Version)
	}
	return c.Version, c.Plugins[0].Import
}

// badShop is a service with one httpintx finding on a standard-library
// stack: a payment call while the transaction that records it is open.
const badShop = `package shop

import (
	"context"
	"database/sql"
	"net/http"
)

func Pay(ctx context.Context, db *sql.DB, orderID string) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, "UPDATE orders SET paid = true WHERE id = $1", orderID); err != nil {
		return err
	}
	resp, err := http.Post("https://psp.example/charge?order="+orderID, "text/plain", nil)
	if err != nil {
		return err
	}
	resp.Body.Close()
	return tx.Commit()
}
`

// badShopLine is the line of the http.Post call in badShop.
const badShopLine = "shop.go:18:"

// golangciConfig enables only idemlint, as .golangci.example.yml does.
const golangciConfig = `version: "2"
linters:
  default: none
  enable:
    - idemlint
  settings:
    custom:
      idemlint:
        type: module
`

// buildReleasedGolangci does what `golangci-lint custom` does with
// .custom-gcl.example.yml, with the plugin taken from the file proxy at the
// tag (no replace): golangci-lint's command with a plugins.go that imports
// the plugin. golangci-lint's own dependencies come from the local module
// cache, downloaded beforehand through the usual proxy (prefetchGolangci).
// It then runs the binary on a service with a known finding.
func buildReleasedGolangci(t *testing.T, root, work string, env []string, idemlint string) {
	t.Helper()
	gclVersion, pluginImport := readCustomGCL(t, root)
	mainGo := prefetchGolangci(t, work, gclVersion)

	gcl := filepath.Join(work, "custom-gcl")
	if err := os.MkdirAll(gcl, 0o755); err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(gcl, "main.go"), mainGo)
	writeFile(t, filepath.Join(gcl, "plugins.go"), "package main\n\nimport _ \""+pluginImport+"\"\n")
	writeFile(t, filepath.Join(gcl, "go.mod"), "module example.com/custom-gcl\n\ngo 1.26.0\n\nrequire (\n\tgithub.com/golangci/golangci-lint/v2 "+gclVersion+"\n\tgithub.com/idemlint/idemlint "+version+"\n)\n")
	goCmd(t, gcl, env, "mod", "tidy")
	if mod, err := os.ReadFile(filepath.Join(gcl, "go.mod")); err != nil || strings.Contains(string(mod), "replace") {
		t.Fatalf("custom-gcl go.mod has a replace or is missing: %v\n%s", err, mod)
	}
	bin := filepath.Join(gcl, "custom-gcl")
	goCmd(t, gcl, env, "build", "-o", bin, ".")

	shop := filepath.Join(work, "shop")
	if err := os.MkdirAll(shop, 0o755); err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(shop, "go.mod"), "module example.com/shop\n\ngo 1.26.0\n")
	writeFile(t, filepath.Join(shop, "shop.go"), badShop)
	writeFile(t, filepath.Join(shop, ".golangci.yml"), golangciConfig)
	runEnv := append(os.Environ(), append(env, "GOWORK=off", "GOFLAGS=")...)

	// The installed command and the custom golangci-lint report the same
	// finding on the same line.
	cmd := exec.Command(idemlint, "./...")
	cmd.Dir, cmd.Env = shop, runEnv
	out, err := cmd.CombinedOutput()
	if code := exitCode(err); code != 3 || !strings.Contains(string(out), badShopLine) || !strings.Contains(string(out), "(httpintx)") {
		t.Errorf("installed idemlint on the shop: exit %d, want 3 and an httpintx finding at %s\n%s", code, badShopLine, out)
	}
	cmd = exec.Command(bin, "run", "--output.json.path=stdout", "./...")
	cmd.Dir, cmd.Env = shop, append(runEnv, "GOLANGCI_LINT_CACHE="+filepath.Join(work, "gcl-cache"))
	out, err = cmd.Output()
	var report struct {
		Issues []struct {
			FromLinter string
			Text       string
			Pos        struct {
				Filename string
				Line     int
			}
		}
	}
	// The JSON report comes first; the text summary follows it.
	if jerr := json.NewDecoder(strings.NewReader(string(out))).Decode(&report); jerr != nil {
		t.Fatalf("custom golangci-lint output: %v (exit %d)\n%s\n%s", jerr, exitCode(err), out, stderrOf(err))
	}
	if len(report.Issues) != 1 || report.Issues[0].FromLinter != "idemlint" || report.Issues[0].Pos.Filename != "shop.go" || report.Issues[0].Pos.Line != 18 || !strings.HasPrefix(report.Issues[0].Text, "httpintx: ") {
		t.Errorf("custom golangci-lint: want one idemlint httpintx issue at shop.go:18, got %+v", report.Issues)
	}
	if code := exitCode(err); code != 1 {
		t.Errorf("custom golangci-lint exit %d, want 1 (issues found)\n%s", code, stderrOf(err))
	}
}

// prefetchGolangci puts golangci-lint and every module its command needs
// into the local module cache through the usual proxy (the one step that
// needs the module proxy: a user builds golangci-lint from it too) and
// returns the command's main.go.
func prefetchGolangci(t *testing.T, work, gclVersion string) string {
	t.Helper()
	var info struct{ Dir, Error string }
	out := goCmd(t, work, nil, "mod", "download", "-json", "github.com/golangci/golangci-lint/v2@"+gclVersion)
	if err := json.Unmarshal([]byte(out), &info); err != nil || info.Dir == "" {
		t.Fatalf("go mod download golangci-lint %s: %v %s", gclVersion, err, info.Error)
	}
	mainGo, err := os.ReadFile(filepath.Join(info.Dir, "cmd", "golangci-lint", "main.go"))
	if err != nil {
		t.Fatal(err)
	}
	pre := filepath.Join(work, "prefetch")
	if err := os.MkdirAll(pre, 0o755); err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(pre, "main.go"), string(mainGo))
	writeFile(t, filepath.Join(pre, "go.mod"), "module example.com/prefetch\n\ngo 1.26.0\n\nrequire github.com/golangci/golangci-lint/v2 "+gclVersion+"\n")
	goCmd(t, pre, nil, "mod", "tidy")
	return string(mainGo)
}

func exitCode(err error) int {
	if err == nil {
		return 0
	}
	if ee, ok := err.(*exec.ExitError); ok {
		return ee.ExitCode()
	}
	return -1
}

func stderrOf(err error) string {
	if ee, ok := err.(*exec.ExitError); ok {
		return string(ee.Stderr)
	}
	return ""
}
