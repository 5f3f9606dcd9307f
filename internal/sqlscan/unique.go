package sqlscan

import "strings"

// A UniqueKey is a set of columns of a table that no two rows share: a
// primary key, a unique constraint or a unique index, or the conflict
// target of an INSERT ... ON CONFLICT (Postgres requires a unique index
// there).
type UniqueKey struct {
	Table   string   // lower-cased, unqualified
	Columns []string // lower-cased
}

// UniqueKeys returns the unique keys that the statements of src declare:
// CREATE TABLE (column PRIMARY KEY or UNIQUE, table PRIMARY KEY (...),
// UNIQUE (...), MySQL's UNIQUE KEY name (...)), CREATE UNIQUE INDEX ... ON
// t (...), ALTER TABLE t ADD [CONSTRAINT c] UNIQUE|PRIMARY KEY (...), ALTER
// TABLE t ADD [COLUMN] c ... UNIQUE, and INSERT INTO t ... ON CONFLICT (...).
func UniqueKeys(src string) []UniqueKey {
	var out []UniqueKey
	for _, st := range Scan(src) {
		if st.Start < 0 || st.End > len(src) || st.Start > st.End {
			continue
		}
		toks := lex(src[st.Start:st.End])
		switch {
		case st.Kind == Insert && st.Conflict != nil:
			if ins, ok := st.InsertTarget(src); ok {
				if cols := conflictColumns(st.Conflict.Target); len(cols) > 0 {
					out = append(out, UniqueKey{ins.Table, cols})
				}
			}
		case len(toks) > 2 && isWord(toks[0], "create"):
			out = append(out, createKeys(toks)...)
		case len(toks) > 3 && isWord(toks[0], "alter") && isWord(toks[1], "table"):
			out = append(out, alterKeys(toks)...)
		}
	}
	return out
}

// conflictColumns returns the plain columns of a conflict target "(a, b)".
func conflictColumns(target string) []string {
	toks := lex(target)
	if len(toks) == 0 || toks[0].Kind != tLParen {
		return nil
	}
	end := skipParens(toks, 0)
	return columnList(toks[1:max(1, end-1)])
}

// columnList returns the first name of each element of a column list
// ("a, lower(b), c DESC" gives a, b, c).
func columnList(toks []token) []string {
	var out []string
	for _, el := range splitList(toks) {
		for _, t := range el {
			if (t.Kind == tWord || t.Kind == tQIdent) && !isCallName(el, t) {
				out = append(out, strings.ToLower(t.Text))
				break
			}
		}
	}
	return out
}

// isCallName reports whether t is followed by "(" in el (a function name).
func isCallName(el []token, t token) bool {
	for i := range el {
		if el[i].Pos == t.Pos {
			return i+1 < len(el) && el[i+1].Kind == tLParen
		}
	}
	return false
}

// tableName reads a possibly qualified table name at toks[i], skipping IF
// [NOT] EXISTS and ONLY, and returns it and the index after it.
func tableName(toks []token, i int) (string, int) {
	for i < len(toks) && (isWord(toks[i], "if") || isWord(toks[i], "not") || isWord(toks[i], "exists") || isWord(toks[i], "only")) {
		i++
	}
	name := ""
	for i < len(toks) && (toks[i].Kind == tWord || toks[i].Kind == tQIdent) {
		name = toks[i].Text
		if i+2 < len(toks) && toks[i+1].Kind == tOp && toks[i+1].Text == "." {
			i += 2
			continue
		}
		i++
		break
	}
	return strings.ToLower(name), i
}

// createKeys reads CREATE [TEMP] TABLE and CREATE UNIQUE INDEX.
func createKeys(toks []token) []UniqueKey {
	i := 1
	for i < len(toks) && (isWord(toks[i], "temp") || isWord(toks[i], "temporary") || isWord(toks[i], "unlogged") || isWord(toks[i], "or") || isWord(toks[i], "replace")) {
		i++
	}
	switch {
	case i < len(toks) && isWord(toks[i], "table"):
		table, j := tableName(toks, i+1)
		if table == "" || j >= len(toks) || toks[j].Kind != tLParen {
			return nil
		}
		end := skipParens(toks, j)
		return tableElementKeys(table, toks[j+1:max(j+1, end-1)])
	case i+1 < len(toks) && isWord(toks[i], "unique") && isWord(toks[i+1], "index"):
		j := i + 2
		for j < len(toks) && !isWord(toks[j], "on") {
			j++
		}
		table, k := tableName(toks, j+1)
		for k < len(toks) && toks[k].Kind != tLParen {
			k++ // USING btree
		}
		if table == "" || k >= len(toks) {
			return nil
		}
		end := skipParens(toks, k)
		if cols := columnList(toks[k+1 : max(k+1, end-1)]); len(cols) > 0 {
			return []UniqueKey{{table, cols}}
		}
	}
	return nil
}

// tableElementKeys reads the column definitions and table constraints of
// a CREATE TABLE.
func tableElementKeys(table string, toks []token) []UniqueKey {
	var out []UniqueKey
	for _, el := range splitList(toks) {
		if len(el) == 0 {
			continue
		}
		if isWord(el[0], "constraint") && len(el) > 2 {
			el = el[2:]
		}
		if cols, ok := constraintColumns(el); ok {
			if len(cols) > 0 {
				out = append(out, UniqueKey{table, cols})
			}
			continue
		}
		if el[0].Kind != tWord && el[0].Kind != tQIdent {
			continue
		}
		if columnIsUnique(el[1:]) {
			out = append(out, UniqueKey{table, []string{strings.ToLower(el[0].Text)}})
		}
	}
	return out
}

// constraintColumns reads a table constraint PRIMARY KEY (...), UNIQUE
// [NULLS [NOT] DISTINCT] (...) or UNIQUE KEY|INDEX [name] (...). ok is
// false when el is not a unique constraint.
func constraintColumns(el []token) ([]string, bool) {
	i := 0
	switch {
	case len(el) > 1 && isWord(el[0], "primary") && isWord(el[1], "key"):
		i = 2
	case isWord(el[0], "unique"):
		i = 1
	default:
		return nil, false
	}
	for i < len(el) && el[i].Kind != tLParen {
		i++
	}
	if i >= len(el) {
		return nil, true
	}
	end := skipParens(el, i)
	return columnList(el[i+1 : max(i+1, end-1)]), true
}

// columnIsUnique reports whether a column definition's constraints
// include PRIMARY KEY or UNIQUE (outside parentheses: not in a CHECK or a
// DEFAULT expression).
func columnIsUnique(toks []token) bool {
	depth := 0
	for i, t := range toks {
		switch t.Kind {
		case tLParen:
			depth++
		case tRParen:
			depth--
		case tWord:
			if depth != 0 {
				continue
			}
			if t.Text == "unique" || t.Text == "primary" && i+1 < len(toks) && isWord(toks[i+1], "key") {
				return true
			}
		}
	}
	return false
}

// alterKeys reads ALTER TABLE t ADD [CONSTRAINT c] UNIQUE|PRIMARY KEY (...)
// and ALTER TABLE t ADD [COLUMN] [IF NOT EXISTS] c type ... UNIQUE, for
// each ADD of the statement.
func alterKeys(toks []token) []UniqueKey {
	table, i := tableName(toks, 2)
	if table == "" {
		return nil
	}
	var out []UniqueKey
	for _, action := range splitList(toks[i:]) {
		if len(action) < 2 || !isWord(action[0], "add") {
			continue
		}
		el := action[1:]
		if isWord(el[0], "constraint") && len(el) > 2 {
			el = el[2:]
		}
		if cols, ok := constraintColumns(el); ok {
			if len(cols) > 0 {
				out = append(out, UniqueKey{table, cols})
			}
			continue
		}
		if isWord(el[0], "column") {
			el = el[1:]
		}
		for len(el) > 0 && (isWord(el[0], "if") || isWord(el[0], "not") || isWord(el[0], "exists")) {
			el = el[1:]
		}
		if len(el) > 1 && (el[0].Kind == tWord || el[0].Kind == tQIdent) && columnIsUnique(el[1:]) {
			out = append(out, UniqueKey{table, []string{strings.ToLower(el[0].Text)}})
		}
	}
	return out
}

// CreatedTables returns the tables that the CREATE TABLE statements of src
// create, lower-cased and unqualified.
func CreatedTables(src string) []string {
	var out []string
	for _, st := range Scan(src) {
		if st.Start < 0 || st.End > len(src) || st.Start > st.End {
			continue
		}
		toks := lex(src[st.Start:st.End])
		i := 1
		for i < len(toks) && (isWord(toks[i], "temp") || isWord(toks[i], "temporary") || isWord(toks[i], "unlogged")) {
			i++
		}
		if len(toks) > 2 && isWord(toks[0], "create") && i < len(toks) && isWord(toks[i], "table") {
			if name, _ := tableName(toks, i+1); name != "" {
				out = append(out, name)
			}
		}
	}
	return out
}
