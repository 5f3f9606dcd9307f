package config

import (
	"fmt"
	"path"
	"path/filepath"
	"strings"
)

// Exclude patterns are slash-separated globs (path.Match syntax per
// element) matched against a file's path relative to the configuration
// file's directory:
//
//	internal/legacy      the directory and everything under it
//	internal/*/gen.go    one element per *
//	**/mocks/**          ** stands for any number of directories
//	*_gen.go             no slash: the name of a file or directory at any depth
//	/abs/path/**         an absolute pattern is matched against the absolute path
//
// A pattern that matches a directory excludes every file below it.

// checkExclude validates the patterns.
func (f *File) checkExclude() error {
	for i, p := range f.Exclude {
		if strings.TrimSpace(p) == "" {
			return fmt.Errorf("%s: empty pattern", f.where(fmt.Sprintf("exclude[%d]", i)))
		}
		for _, elem := range strings.Split(strings.Trim(filepath.ToSlash(p), "/"), "/") {
			if _, err := path.Match(elem, ""); err != nil {
				return fmt.Errorf("%s: %q is not a valid pattern: %v", f.where(fmt.Sprintf("exclude[%d]", i)), p, err)
			}
		}
	}
	return nil
}

// Excluded reports whether findings in the named file are dropped. A
// relative filename is taken from the working directory.
func (f *File) Excluded(filename string) bool {
	if f == nil || len(f.Exclude) == 0 || filename == "" {
		return false
	}
	abs, err := filepath.Abs(filename)
	if err != nil {
		return false
	}
	base := f.dir
	if base == "" {
		base = "."
	}
	base, err = filepath.Abs(base)
	if err != nil {
		return false
	}
	rel, err := filepath.Rel(base, abs)
	inside := err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
	absElems := split(filepath.ToSlash(abs))
	var relElems []string
	if inside {
		relElems = split(filepath.ToSlash(rel))
	}
	for _, p := range f.Exclude {
		p = filepath.ToSlash(strings.TrimSpace(p))
		switch {
		case strings.HasPrefix(p, "/") || filepath.IsAbs(filepath.FromSlash(p)):
			if matchPrefix(split(p), absElems) {
				return true
			}
		case !strings.Contains(strings.Trim(p, "/"), "/"):
			// A bare name matches an element at any depth: a file or a directory.
			elems := absElems
			if inside {
				elems = relElems
			}
			for _, e := range elems {
				if ok, _ := path.Match(strings.Trim(p, "/"), e); ok {
					return true
				}
			}
		case inside:
			if matchPrefix(split(strings.TrimPrefix(p, "./")), relElems) {
				return true
			}
		}
	}
	return false
}

func split(p string) []string {
	var out []string
	for _, e := range strings.Split(p, "/") {
		if e != "" && e != "." {
			out = append(out, e)
		}
	}
	return out
}

// matchPrefix reports whether the pattern elements match the first
// elements of the path (a directory pattern covers what is below it).
func matchPrefix(pat, elems []string) bool {
	if len(pat) == 0 {
		return true
	}
	if pat[0] == "**" {
		for i := 0; i <= len(elems); i++ {
			if matchPrefix(pat[1:], elems[i:]) {
				return true
			}
		}
		return false
	}
	if len(elems) == 0 {
		return false
	}
	ok, _ := path.Match(pat[0], elems[0])
	return ok && matchPrefix(pat[1:], elems[1:])
}
