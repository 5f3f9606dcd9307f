package schemakeys

import (
	"go/scanner"
	"go/token"
	"strconv"
	"strings"
)

// DDL in Go: services that create their tables at start-up
// (db.Exec(`CREATE TABLE IF NOT EXISTS ...`), a []string of migrations)
// carry their schema in string literals. goDDL returns the literals of a
// Go source file that create a table or a unique index.
func goDDL(src []byte) []string {
	lower := strings.ToLower(string(src))
	if !strings.Contains(lower, "create table") && !strings.Contains(lower, "create unique index") && !strings.Contains(lower, "alter table") {
		return nil
	}
	fset := token.NewFileSet()
	f := fset.AddFile("", -1, len(src))
	var s scanner.Scanner
	s.Init(f, src, nil, 0)
	var out []string
	for {
		_, tok, lit := s.Scan()
		if tok == token.EOF {
			return out
		}
		if tok != token.STRING {
			continue
		}
		text, err := strconv.Unquote(lit)
		if err != nil {
			continue
		}
		l := strings.ToLower(text)
		if strings.Contains(l, "create table") || strings.Contains(l, "create unique index") || strings.Contains(l, "alter table") {
			out = append(out, text)
		}
	}
}
