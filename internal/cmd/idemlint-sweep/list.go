package main

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// repoSpec is one line of a repository list file (docs/sweep/README.md).
type repoSpec struct {
	Name     string   // owner/name
	Commit   string   // the SHA the checkout must be at
	Dir      string   // absolute checkout directory
	Modules  []string // module directories relative to Dir; nil: discover
	Env      []string // extra K=V environment
	Patterns []string // package patterns per module
	Source   string   // file:line, for messages
}

// parseListFiles reads every list file; a repository listed twice is an error.
func parseListFiles(paths []string, root string) ([]repoSpec, error) {
	var specs []repoSpec
	seen := make(map[string]string)
	for _, p := range paths {
		got, err := parseListFile(p, root)
		if err != nil {
			return nil, err
		}
		for _, s := range got {
			if prev, dup := seen[s.Name]; dup {
				return nil, fmt.Errorf("%s: %s already listed at %s", s.Source, s.Name, prev)
			}
			seen[s.Name] = s.Source
			specs = append(specs, s)
		}
	}
	return specs, nil
}

func parseListFile(path, root string) ([]repoSpec, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var specs []repoSpec
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line, _, _ := strings.Cut(sc.Text(), "#")
		if strings.TrimSpace(line) == "" {
			continue
		}
		s, err := parseListLine(line, root)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %v", path, n, err)
		}
		s.Source = fmt.Sprintf("%s:%d", path, n)
		specs = append(specs, s)
	}
	return specs, sc.Err()
}

// parseListLine parses `owner/name commit [dir=] [modules=] [env=] [patterns=]`.
func parseListLine(line, root string) (repoSpec, error) {
	fields := strings.Fields(line)
	if len(fields) < 2 {
		return repoSpec{}, fmt.Errorf("want <owner>/<name> <commit> [key=value...], got %q", strings.TrimSpace(line))
	}
	s := repoSpec{Name: fields[0], Commit: fields[1], Patterns: []string{"./..."}}
	if owner, name, ok := strings.Cut(s.Name, "/"); !ok || owner == "" || name == "" || strings.Contains(name, "/") {
		return repoSpec{}, fmt.Errorf("repository %q is not <owner>/<name>", s.Name)
	}
	s.Dir = filepath.Join(root, strings.Replace(s.Name, "/", "+", 1))
	for _, f := range fields[2:] {
		key, val, ok := strings.Cut(f, "=")
		if !ok || val == "" {
			return repoSpec{}, fmt.Errorf("field %q is not key=value", f)
		}
		switch key {
		case "dir":
			if filepath.IsAbs(val) {
				s.Dir = filepath.Clean(val)
			} else {
				s.Dir = filepath.Join(root, val)
			}
		case "modules":
			s.Modules = strings.Split(val, ",")
		case "patterns":
			s.Patterns = strings.Split(val, ",")
		case "env":
			for _, kv := range strings.Split(val, ",") {
				if k, _, ok := strings.Cut(kv, "="); !ok || k == "" {
					return repoSpec{}, fmt.Errorf("env entry %q is not K=V", kv)
				}
				s.Env = append(s.Env, kv)
			}
		default:
			return repoSpec{}, fmt.Errorf("unknown field %q (want dir, modules, env or patterns)", key)
		}
	}
	return s, nil
}

// selectRepos keeps the repositories named in only (comma-separated); all
// when only is empty. A name that is not listed is an error.
func selectRepos(specs []repoSpec, only string) ([]repoSpec, error) {
	if only == "" {
		return specs, nil
	}
	want := make(map[string]bool)
	for _, n := range strings.Split(only, ",") {
		want[strings.TrimSpace(n)] = true
	}
	var out []repoSpec
	for _, s := range specs {
		if want[s.Name] {
			out = append(out, s)
			delete(want, s.Name)
		}
	}
	for n := range want {
		return nil, fmt.Errorf("-only: %s is not in the list files", n)
	}
	return out, nil
}
