package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

// repoResult is one repository's line of sweep.json.
type repoResult struct {
	Repo        string    `json:"repo"`
	Commit      string    `json:"commit"`
	Head        string    `json:"head"`
	Modules     []string  `json:"modules"`
	Packages    int       `json:"packages"`
	Findings    []finding `json:"findings"`
	ToolErrors  []string  `json:"tool_errors"`
	WallSeconds float64   `json:"wall_seconds"`
}

// runner runs idemlint on the modules of a repository.
type runner struct {
	bin     string                           // the idemlint binary
	gocache string                           // the private GOCACHE
	timeout time.Duration                    // per command
	logf    func(format string, args ...any) // with -v, each command run; else nil
}

// maxErrLines is how many lines of a command's stderr a tool error keeps.
const maxErrLines = 6

// sweepRepo runs every module of one repository and merges the results.
// It never fails: what goes wrong is recorded in ToolErrors.
func (r *runner) sweepRepo(s repoSpec) (res repoResult) {
	start := time.Now()
	res = repoResult{Repo: s.Name, Commit: s.Commit, Findings: []finding{}, ToolErrors: []string{}}
	defer func() {
		res.WallSeconds = roundTenth(time.Since(start).Seconds())
		if res.Modules == nil {
			res.Modules = []string{}
		}
	}()
	if _, err := os.Stat(s.Dir); err != nil {
		res.ToolErrors = append(res.ToolErrors, fmt.Sprintf("checkout: %v", err))
		return res
	}
	res.Head = gitHead(s.Dir)
	res.Modules = s.Modules
	if res.Modules == nil {
		mods, err := findModules(s.Dir)
		if err != nil {
			res.ToolErrors = append(res.ToolErrors, fmt.Sprintf("finding modules: %v", err))
		}
		res.Modules = mods
	}
	if len(res.Modules) == 0 {
		res.ToolErrors = append(res.ToolErrors, "no go.mod in the checkout")
	}
	roots := []string{s.Dir}
	if real, err := filepath.EvalSymlinks(s.Dir); err == nil && real != s.Dir {
		roots = append(roots, real)
	}
	for _, m := range res.Modules {
		found, pkgs, errs := r.runModule(s, filepath.Join(s.Dir, m), roots)
		res.Findings = append(res.Findings, found...)
		res.Packages += pkgs
		for _, e := range errs {
			res.ToolErrors = append(res.ToolErrors, m+": "+e)
		}
	}
	res.Findings = dedupFindings(res.Findings)
	return res
}

// runModule downloads the module's dependencies, counts its packages and
// runs idemlint -json on it.
func (r *runner) runModule(s repoSpec, dir string, roots []string) ([]finding, int, []string) {
	var errs []string
	if _, stderr, err := r.command(s, dir, "go", "mod", "download"); err != nil {
		errs = append(errs, "go mod download: "+firstLines(stderr, err))
	}
	pkgs := 0
	list, stderr, err := r.command(s, dir, "go", append([]string{"list", "-e", "-f", "{{.ImportPath}}"}, s.Patterns...)...)
	if err != nil {
		errs = append(errs, "go list: "+firstLines(stderr, err))
	}
	for _, l := range strings.Split(string(list), "\n") {
		if strings.TrimSpace(l) != "" {
			pkgs++
		}
	}
	out, stderr, err := r.command(s, dir, r.bin, append([]string{"-json"}, s.Patterns...)...)
	var exit *exec.ExitError
	switch {
	case err == nil, errors.As(err, &exit) && exit.ExitCode() == 3:
	case errors.As(err, &exit) && exit.ExitCode() == 1:
		errs = append(errs, "idemlint: "+strings.TrimPrefix(firstLines(stderr, err), "idemlint: "))
	default:
		errs = append(errs, "idemlint: "+firstLines(stderr, err))
		return nil, pkgs, errs
	}
	if len(bytes.TrimSpace(out)) == 0 { // idemlint failed before printing
		return nil, pkgs, errs
	}
	found, jsonErrs, perr := parseXToolsJSON(out, roots)
	if perr != nil {
		return nil, pkgs, append(errs, perr.Error())
	}
	if err == nil || exit.ExitCode() != 1 { // with exit 1 stderr already says it
		for _, e := range jsonErrs {
			errs = append(errs, "idemlint: "+e)
		}
	}
	return found, pkgs, errs
}

// command runs name args in dir with the repository's environment and the
// private GOCACHE, returning standard output and standard error.
func (r *runner) command(s repoSpec, dir, name string, args ...string) ([]byte, []byte, error) {
	ctx, cancel := context.WithTimeout(context.Background(), r.timeout)
	defer cancel()
	if r.logf != nil {
		rel, _ := filepath.Rel(s.Dir, dir)
		r.logf("%s: %s: %s %s\n", s.Name, rel, filepath.Base(name), strings.Join(args, " "))
	}
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOCACHE="+r.gocache)
	cmd.Env = append(cmd.Env, s.Env...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	if ctx.Err() != nil {
		err = fmt.Errorf("timed out after %v", r.timeout)
	}
	return stdout.Bytes(), stderr.Bytes(), err
}

// firstLines is the start of a command's stderr, or err when it is empty.
func firstLines(stderr []byte, err error) string {
	lines := strings.Split(strings.TrimSpace(string(stderr)), "\n")
	if len(lines) > maxErrLines {
		lines = append(lines[:maxErrLines], fmt.Sprintf("... (%d more lines)", len(lines)-maxErrLines))
	}
	text := strings.Join(lines, "\n")
	if text == "" {
		return err.Error()
	}
	return text
}

// gitHead is the commit checked out in dir when dir is the top of a git
// work tree; "" otherwise.
func gitHead(dir string) string {
	top, err := exec.Command("git", "-C", dir, "rev-parse", "--show-toplevel").Output()
	if err != nil {
		return ""
	}
	a, errA := filepath.EvalSymlinks(strings.TrimSpace(string(top)))
	b, errB := filepath.EvalSymlinks(dir)
	if errA != nil || errB != nil || a != b {
		return ""
	}
	head, err := exec.Command("git", "-C", dir, "rev-parse", "HEAD").Output()
	if err != nil {
		return ""
	}
	return strings.TrimSpace(string(head))
}

func roundTenth(x float64) float64 { return float64(int64(x*10+0.5)) / 10 }
