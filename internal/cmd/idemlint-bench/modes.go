package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// A mode is one way of running a linter on the module, measured -n times.
type mode struct {
	name   string
	base   string // the mode it is compared with ("": none)
	driver string // standalone, golangci-lint, go vet
	what   string // one line for the table
	// cold: every run starts from empty caches (a new cache directory per
	// run, no warm-up run); otherwise one warm-up run precedes the
	// measured ones and each measured run follows a one-file edit.
	cold bool
	// needs names what the mode needs built first: "gcl" (golangci-lint
	// with the plugin), "idemlint" (the command, for -vettool).
	needs string
	// command returns the command of one run; cache is an empty directory
	// for this run's caches.
	command func(b *bench, cache string) *exec.Cmd
	// findingsExit is the exit code that means "ran, found something"
	// (0: none such; go vet exits 1 on findings).
	findingsExit int
}

// modes are every mode the bench knows, in table order.
var modes = []mode{
	{name: "floor", driver: "standalone", what: "one no-op analyzer without facts (x/tools checker): the module's packages, dependencies from export data",
		command: func(b *bench, _ string) *exec.Cmd { return b.child("floor") }},
	{name: "idemlint", base: "floor", driver: "standalone", what: "idemlint, every analyzer, the standalone driver",
		command: func(b *bench, _ string) *exec.Cmd { return b.child("idemlint") }},
	{name: "full-graph", base: "floor", driver: "standalone", what: "idemlint with the stock checker model: every dependency from source",
		command: func(b *bench, _ string) *exec.Cmd { return b.child("full-graph") }},

	{name: "gcl-std-cold", driver: "golangci-lint", what: "golangci-lint, standard linters, empty lint cache", cold: true, needs: "gcl",
		command: func(b *bench, cache string) *exec.Cmd { return b.golangci(cache, "std") }},
	{name: "gcl-std+idemlint-cold", base: "gcl-std-cold", driver: "golangci-lint", what: "the same plus idemlint", cold: true, needs: "gcl",
		command: func(b *bench, cache string) *exec.Cmd { return b.golangci(cache, "std+idemlint") }},
	{name: "gcl-std-warm", driver: "golangci-lint", what: "golangci-lint, standard linters, warm lint cache, one file edited", needs: "gcl",
		command: func(b *bench, _ string) *exec.Cmd { return b.golangci(b.sharedCache("gcl-std"), "std") }},
	{name: "gcl-std+idemlint-warm", base: "gcl-std-warm", driver: "golangci-lint", what: "the same plus idemlint", needs: "gcl",
		command: func(b *bench, _ string) *exec.Cmd {
			return b.golangci(b.sharedCache("gcl-std+idemlint"), "std+idemlint")
		}},
	{name: "gcl-factfree-cold", driver: "golangci-lint", what: "golangci-lint, one fact-free linter alone (ineffassign), empty lint cache", cold: true, needs: "gcl",
		command: func(b *bench, cache string) *exec.Cmd { return b.golangci(cache, "factfree") }},
	{name: "gcl-idemlint-cold", base: "gcl-factfree-cold", driver: "golangci-lint", what: "golangci-lint, idemlint alone, empty lint cache", cold: true, needs: "gcl",
		command: func(b *bench, cache string) *exec.Cmd { return b.golangci(cache, "idemlint") }},

	{name: "vet-cold", driver: "go vet", what: "go vet, empty build cache", cold: true,
		command: func(b *bench, cache string) *exec.Cmd { return b.goVet(cache, "") }, findingsExit: 1},
	{name: "vettool-cold", base: "vet-cold", driver: "go vet", what: "go vet -vettool=idemlint, empty build cache", cold: true, needs: "idemlint",
		command: func(b *bench, cache string) *exec.Cmd { return b.goVet(cache, b.idemlint) }, findingsExit: 1},
	{name: "vet-warm", driver: "go vet", what: "go vet, the usual (warm) build cache, one file edited",
		command: func(b *bench, _ string) *exec.Cmd { return b.goVet("", "") }, findingsExit: 1},
	{name: "vettool-warm", base: "vet-warm", driver: "go vet", what: "go vet -vettool=idemlint, the usual (warm) build cache, one file edited", needs: "idemlint",
		command: func(b *bench, _ string) *exec.Cmd { return b.goVet("", b.idemlint) }, findingsExit: 1},
}

func modeNamed(name string) (mode, error) {
	var names []string
	for _, m := range modes {
		if m.name == name {
			return m, nil
		}
		names = append(names, m.name)
	}
	return mode{}, fmt.Errorf("unknown mode %q; the modes are %s", name, strings.Join(names, ", "))
}

// gclConfigs are the golangci-lint configurations (v2) of the modes, by
// name: which linters run.
var gclConfigs = map[string]string{
	"std":          "linters:\n  default: standard\n",
	"std+idemlint": "linters:\n  default: standard\n  enable: [idemlint]\n" + gclIdemlintSettings,
	"factfree":     "linters:\n  default: none\n  enable: [ineffassign]\n",
	"idemlint":     "linters:\n  default: none\n  enable: [idemlint]\n" + gclIdemlintSettings,
}

const gclIdemlintSettings = "  settings:\n    custom:\n      idemlint:\n        type: module\n"

// child runs a standalone mode in a child process of the bench.
func (b *bench) child(name string) *exec.Cmd {
	cmd := exec.Command(b.self, append([]string{"-child", name, b.dir}, b.patterns...)...)
	cmd.Env = b.env()
	return cmd
}

// golangci runs the custom golangci-lint with the configuration named
// config, its lint cache in cache (the Go build cache is the usual one:
// golangci-lint's cold runs are about its own cache).
func (b *bench) golangci(cache, config string) *exec.Cmd {
	file := filepath.Join(b.tmp, "golangci-"+config+".yml")
	if err := os.WriteFile(file, []byte("version: \"2\"\n"+gclConfigs[config]), 0o644); err != nil {
		panic(err) // the bench's own temporary directory
	}
	args := append([]string{"run", "-c", file, "--issues-exit-code=0", "--output.text.path=/dev/null"}, b.patterns...)
	cmd := exec.Command(b.gcl, args...)
	cmd.Dir = b.dir
	cmd.Env = append(b.env(), "GOLANGCI_LINT_CACHE="+cache)
	return cmd
}

// goVet runs go vet (with vettool if not "") with the build cache in cache
// ("": the usual build cache, which the warm modes use).
func (b *bench) goVet(cache, vettool string) *exec.Cmd {
	args := []string{"vet"}
	if vettool != "" {
		args = append(args, "-vettool="+vettool)
	}
	cmd := exec.Command("go", append(args, b.patterns...)...)
	cmd.Dir = b.dir
	cmd.Env = b.env()
	if cache != "" {
		cmd.Env = append(cmd.Env, "GOCACHE="+cache)
	}
	return cmd
}

// sharedCache is the cache directory the runs of a warm mode share.
func (b *bench) sharedCache(name string) string {
	dir := filepath.Join(b.tmp, "shared-"+name)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		panic(err) // the bench's own temporary directory
	}
	return dir
}

// env is the environment of every command: the module alone, whatever
// go.work lies above it.
func (b *bench) env() []string { return append(os.Environ(), "GOWORK=off") }
