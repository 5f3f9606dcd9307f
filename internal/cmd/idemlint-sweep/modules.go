package main

import (
	"io/fs"
	"path/filepath"
	"slices"
	"strings"
)

// findModules returns every directory under dir holding a go.mod, relative
// to dir ("." for dir itself), skipping vendor, testdata, node_modules and
// hidden directories.
func findModules(dir string) ([]string, error) {
	var mods []string
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && path != dir {
			name := d.Name()
			if name == "vendor" || name == "testdata" || name == "node_modules" || strings.HasPrefix(name, ".") {
				return filepath.SkipDir
			}
		}
		if !d.IsDir() && d.Name() == "go.mod" {
			rel, err := filepath.Rel(dir, filepath.Dir(path))
			if err != nil {
				return err
			}
			mods = append(mods, filepath.ToSlash(rel))
		}
		return nil
	})
	slices.Sort(mods)
	return mods, err
}
