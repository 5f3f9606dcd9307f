// Package schemakeys learns the unique keys (primary keys, unique
// constraints and indexes, ON CONFLICT targets) that a Go module's SQL files
// declare — migrations, sqlc schemas and query files, init scripts,
// anywhere in the module — its atlas HCL schemas (primary_key, index
// blocks with unique = true), and the DDL its Go code carries in string
// literals (tables created at start-up). checkthenact asks it whether an INSERT of a key is a claim.
//
// An analyzer reads these files from the directory of the package it
// analyses upward to the module root (the nearest go.mod); the result is
// cached per module root for the life of the process, so a run reads each
// module's SQL once.
package schemakeys

import (
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/internal/sqlscan"
)

// Bounds on the files read per module.
const (
	maxFiles    = 2000 // SQL and HCL files
	maxGoFiles  = 5000
	maxFileSize = 4 << 20
)

// A Schema is what a module's SQL files declare.
type Schema struct {
	Root   string                         // the module root ("" when none was found)
	Tables map[string]bool                // tables created (CREATE TABLE) or keyed anywhere
	Keys   map[string][]sqlscan.UniqueKey // by table
}

// Unique reports whether some unique key of table is made of columns
// among cols (a key on (a) makes an insert keyed by a and b a claim; a key
// on (a, b) does not make one keyed by a alone).
func (s *Schema) Unique(table string, cols ...string) bool {
	if s == nil {
		return false
	}
	for _, k := range s.Keys[table] {
		if len(k.Columns) > 0 && subset(k.Columns, cols) {
			return true
		}
	}
	return false
}

// HasTable reports whether the module's SQL creates or keys table.
func (s *Schema) HasTable(table string) bool { return s != nil && s.Tables[table] }

func subset(a, b []string) bool {
	for _, x := range a {
		if !slices.Contains(b, x) {
			return false
		}
	}
	return true
}

var cache sync.Map // module root → *entry

type entry struct {
	once sync.Once
	s    *Schema
}

// ForPass returns the schema of the module that holds the package of
// pass (ForDir of the directory of its first file).
func ForPass(pass *analysis.Pass) *Schema {
	dir := ""
	if len(pass.Files) > 0 {
		dir = filepath.Dir(pass.Fset.File(pass.Files[0].Pos()).Name())
	}
	return ForDir(dir)
}

// ForDir returns the schema of the module that holds dir (a package
// directory). A directory outside any module gives an empty schema.
func ForDir(dir string) *Schema {
	root := moduleRoot(dir)
	if root == "" {
		return &Schema{}
	}
	v, _ := cache.LoadOrStore(root, &entry{})
	e := v.(*entry)
	e.once.Do(func() { e.s = load(root) })
	return e.s
}

// moduleRoot returns the nearest directory at or above dir with a go.mod.
func moduleRoot(dir string) string {
	if dir == "" {
		return ""
	}
	dir, err := filepath.Abs(dir)
	if err != nil {
		return ""
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return ""
		}
		dir = parent
	}
}

// load reads every *.sql file under root, skipping hidden directories,
// vendor, testdata, node_modules and nested modules (a directory with its
// own go.mod).
func load(root string) *Schema {
	s := &Schema{Root: root, Tables: make(map[string]bool), Keys: make(map[string][]sqlscan.UniqueKey)}
	n, ng := 0, 0
	_ = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if d.IsDir() {
			name := d.Name()
			if path != root && (strings.HasPrefix(name, ".") || name == "vendor" || name == "node_modules" || name == "testdata") {
				return filepath.SkipDir
			}
			if path != root {
				if _, err := os.Stat(filepath.Join(path, "go.mod")); err == nil {
					return filepath.SkipDir
				}
			}
			return nil
		}
		hcl := strings.HasSuffix(d.Name(), ".hcl")
		goFile := strings.HasSuffix(d.Name(), ".go") && !strings.HasSuffix(d.Name(), "_test.go")
		if goFile && ng >= maxGoFiles || !goFile && n >= maxFiles || !strings.HasSuffix(d.Name(), ".sql") && !hcl && !goFile {
			return nil
		}
		if info, err := d.Info(); err != nil || info.Size() > maxFileSize {
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return nil
		}
		if goFile {
			ng++
			for _, ddl := range goDDL(data) {
				s.add(ddl)
			}
			return nil
		}
		n++
		if hcl {
			tables, keys := atlasKeys(string(data))
			s.addKeys(tables, keys)
			return nil
		}
		s.add(string(data))
		return nil
	})
	return s
}

// add records what one SQL text declares.
func (s *Schema) add(src string) {
	s.addKeys(sqlscan.CreatedTables(src), sqlscan.UniqueKeys(src))
}

func (s *Schema) addKeys(tables []string, keys []sqlscan.UniqueKey) {
	for _, t := range tables {
		s.Tables[t] = true
	}
	for _, k := range keys {
		s.Tables[k.Table] = true
		s.Keys[k.Table] = append(s.Keys[k.Table], k)
	}
}

// FromText returns the schema that src declares (for tests and for the
// SQL of the analysed code itself).
func FromText(src string) *Schema {
	s := &Schema{Tables: make(map[string]bool), Keys: make(map[string][]sqlscan.UniqueKey)}
	s.add(src)
	return s
}
