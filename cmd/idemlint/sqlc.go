package main

import (
	"go/token"
	"path/filepath"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/packages"

	"github.com/idemlint/idemlint/internal/driver"
	"github.com/idemlint/idemlint/internal/sqlcfiles"
)

// splitSQLArgs separates the arguments of -sqlc mode: .sql files and sqlc
// configuration files are query files only; other arguments are package
// patterns, whose directories are also searched for sqlc configurations.
func splitSQLArgs(args []string) (sqlPaths, goPatterns []string) {
	for _, a := range args {
		base := filepath.Base(a)
		if strings.HasSuffix(a, ".sql") || sqlcfiles.IsConfig(base) {
			sqlPaths = append(sqlPaths, a)
			continue
		}
		goPatterns = append(goPatterns, a)
		sqlPaths = append(sqlPaths, a)
	}
	return sqlPaths, goPatterns
}

// sqlcFindings checks sqlc query files and returns their warnings as
// findings of the onconflict analyzer.
func sqlcFindings(paths []string, all []*analysis.Analyzer) ([]driver.Finding, error) {
	var onconflict *analysis.Analyzer
	for _, a := range all {
		if a.Name == sqlcfiles.Analyzer {
			onconflict = a
		}
	}
	if onconflict == nil {
		return nil, nil // the analyzer is disabled
	}
	found, err := sqlcfiles.Check(paths)
	if err != nil {
		return nil, err
	}
	var out []driver.Finding
	for _, f := range found {
		abs, err := filepath.Abs(f.File)
		if err != nil {
			abs = f.File
		}
		posn := token.Position{Filename: abs, Line: f.Line, Column: f.Col}
		out = append(out, driver.Finding{
			Analyzer: onconflict,
			Package:  &packages.Package{PkgPath: filepath.ToSlash(filepath.Dir(f.File))},
			Posn:     posn,
			End:      posn,
			Diag:     analysis.Diagnostic{Message: f.Message, Category: "sqlc"},
			Fset:     token.NewFileSet(),
		})
	}
	return out, nil
}
