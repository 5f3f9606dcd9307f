package release

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/mod/module"
	modzip "golang.org/x/mod/zip"
)

// version is the tag the test releases the modules at.
const version = "v0.1.0"

// released are the modules a tag publishes: path and directory under the
// repository's root.
var released = []struct{ path, dir string }{
	{"github.com/idemlint/idemlint", "."},
	{"github.com/idemlint/idemlint/idem", "idem"},
}

// TestReleaseFromProxy packs the modules as a tag would publish them
// (golang.org/x/mod/zip, nested modules left out) into a file-based module
// proxy at v0.1.0 and then, from empty directories and with only that proxy
// and the local module cache's downloads (no network), installs the command
// at the tag and requires the runtime helpers from a service module: what
// the README's install and dependency instructions promise; then builds
// golangci-lint with the plugin at the tag, as .custom-gcl.example.yml does.
func TestReleaseFromProxy(t *testing.T) {
	if testing.Short() {
		t.Skip("builds idemlint and a service from a fresh module cache: skipped with -short")
	}
	root := repoRoot(t)
	proxy := t.TempDir()
	for _, m := range released {
		publish(t, proxy, m.path, filepath.Join(root, m.dir))
	}

	realCache := strings.TrimSpace(goCmd(t, root, nil, "env", "GOMODCACHE"))
	work := t.TempDir()
	modCache := filepath.Join(work, "modcache")
	t.Cleanup(func() { // the module cache is read-only
		cmd := exec.Command("go", "clean", "-modcache")
		cmd.Env = append(os.Environ(), "GOMODCACHE="+modCache)
		_ = cmd.Run()
	})
	env := []string{
		"GOPROXY=file://" + filepath.ToSlash(proxy) + ",file://" + filepath.ToSlash(filepath.Join(realCache, "cache", "download")),
		"GOMODCACHE=" + modCache, // the fake tag must not enter the real cache
		"GOSUMDB=off",
		"GONOSUMDB=github.com/idemlint/*",
		"GOPRIVATE=",
		"GOTOOLCHAIN=local",
		"GOBIN=" + filepath.Join(work, "bin"),
	}

	// go install from an empty directory.
	empty := filepath.Join(work, "empty")
	if err := os.MkdirAll(empty, 0o755); err != nil {
		t.Fatal(err)
	}
	goCmd(t, empty, env, "install", "github.com/idemlint/idemlint/cmd/idemlint@"+version)
	bin := filepath.Join(work, "bin", "idemlint")
	out, err := exec.Command(bin, "-version").Output()
	if err != nil || strings.TrimSpace(string(out)) != "idemlint "+version {
		t.Errorf("installed idemlint -version: %q, %v; want idemlint %s", out, err, version)
	}

	// A service that depends on the runtime helpers.
	svc := filepath.Join(work, "svc")
	if err := os.MkdirAll(svc, 0o755); err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(svc, "main.go"), `package main

import (
	"fmt"
	"time"

	"github.com/idemlint/idemlint/idem/key"
)

func main() { fmt.Println(key.For("charge", "order-1"), time.Second) }
`)
	goCmd(t, svc, env, "mod", "init", "example.com/svc")
	goCmd(t, svc, env, "get", "github.com/idemlint/idemlint/idem@"+version)
	goCmd(t, svc, append(env, "GOFLAGS=-mod=mod"), "mod", "tidy")
	goCmd(t, svc, env, "build", "./...")
	if mod, err := os.ReadFile(filepath.Join(svc, "go.mod")); err != nil || !strings.Contains(string(mod), "github.com/idemlint/idemlint/idem "+version) {
		t.Errorf("service go.mod does not require the helpers at %s:\n%s", version, mod)
	}
	// The installed command lints the service (exit 0: nothing to find).
	cmd := exec.Command(bin, "./...")
	cmd.Dir = svc
	cmd.Env = append(os.Environ(), append(env, "GOWORK=off")...)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Errorf("installed idemlint on the service: %v\n%s", err, out)
	}

	// golangci-lint built with the plugin at the tag, as
	// .custom-gcl.example.yml asks.
	buildReleasedGolangci(t, root, work, env, bin)
}

// publish writes module path at version into the file-based proxy, from
// the module in dir: list, .info, .mod and the .zip a tag would produce.
func publish(t *testing.T, proxy, path, dir string) {
	t.Helper()
	esc, err := module.EscapePath(path)
	if err != nil {
		t.Fatal(err)
	}
	at := filepath.Join(proxy, filepath.FromSlash(esc), "@v")
	if err := os.MkdirAll(at, 0o755); err != nil {
		t.Fatal(err)
	}
	gomod, err := os.ReadFile(filepath.Join(dir, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(at, "list"), version+"\n")
	writeFile(t, filepath.Join(at, version+".info"), `{"Version":"`+version+`","Time":"2026-12-01T00:00:00Z"}`)
	writeFile(t, filepath.Join(at, version+".mod"), string(gomod))
	zf, err := os.Create(filepath.Join(at, version+".zip"))
	if err != nil {
		t.Fatal(err)
	}
	defer zf.Close()
	if err := modzip.CreateFromDir(zf, module.Version{Path: path, Version: version}, dir); err != nil {
		t.Fatalf("packing %s: %v", path, err)
	}
}

func writeFile(t *testing.T, name, content string) {
	t.Helper()
	if err := os.WriteFile(name, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}
