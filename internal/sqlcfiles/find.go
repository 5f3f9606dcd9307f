package sqlcfiles

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// configNames are the names sqlc looks for.
var configNames = []string{"sqlc.yaml", "sqlc.yml", "sqlc.json"}

// IsConfig reports whether name is a sqlc configuration file name.
func IsConfig(name string) bool {
	base := filepath.Base(name)
	for _, n := range configNames {
		if base == n {
			return true
		}
	}
	return false
}

// QueryFiles returns the query files paths name (see [Check]), each once,
// in a stable order.
func QueryFiles(paths []string) ([]string, error) {
	var files []string
	seen := make(map[string]bool)
	add := func(f string) {
		key := f
		if abs, err := filepath.Abs(f); err == nil {
			key = abs
		}
		if !seen[key] {
			seen[key] = true
			files = append(files, f)
		}
	}
	for _, p := range paths {
		p = strings.TrimSuffix(p, "/...")
		if p == "..." || p == "" {
			p = "."
		}
		info, err := os.Stat(p)
		if err != nil {
			return nil, err
		}
		switch {
		case info.IsDir():
			configs, err := findConfigs(p)
			if err != nil {
				return nil, err
			}
			for _, c := range configs {
				qs, err := configQueries(c)
				if err != nil {
					return nil, err
				}
				for _, q := range qs {
					add(q)
				}
			}
		case IsConfig(p):
			qs, err := configQueries(p)
			if err != nil {
				return nil, err
			}
			for _, q := range qs {
				add(q)
			}
		case strings.HasSuffix(p, ".sql"):
			add(p)
		default:
			return nil, fmt.Errorf("%s: not a .sql file, a sqlc configuration file or a directory", p)
		}
	}
	return files, nil
}

// findConfigs returns the sqlc configuration files under dir, skipping
// hidden directories, vendor, testdata and node_modules.
func findConfigs(dir string) ([]string, error) {
	var out []string
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			name := d.Name()
			if path != dir && (strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") || name == "vendor" || name == "testdata" || name == "node_modules") {
				return filepath.SkipDir
			}
			return nil
		}
		if IsConfig(path) {
			out = append(out, path)
		}
		return nil
	})
	return out, err
}

// configQueries returns the query files that the configuration file names.
func configQueries(name string) ([]string, error) {
	data, err := os.ReadFile(name)
	if err != nil {
		return nil, err
	}
	cfg, err := parseConfig(name, data)
	if err != nil {
		return nil, err
	}
	dir := filepath.Dir(name)
	var out []string
	for _, q := range cfg {
		p := q
		if !filepath.IsAbs(p) {
			p = filepath.Join(dir, q)
		}
		info, err := os.Stat(p)
		if err != nil {
			return nil, fmt.Errorf("%s: queries %q: %w", name, q, err)
		}
		if !info.IsDir() {
			out = append(out, p)
			continue
		}
		entries, err := os.ReadDir(p)
		if err != nil {
			return nil, err
		}
		for _, e := range entries {
			if !e.IsDir() && strings.HasSuffix(e.Name(), ".sql") {
				out = append(out, filepath.Join(p, e.Name()))
			}
		}
	}
	return out, nil
}
