package sqlscan

import "strings"

// Keys: which table a statement reads or writes by which key, for
// checkthenact. A parameter is numbered from 1: "$n" is n, and the k-th "?"
// (GORM, MySQL drivers) is k.

// A KeyEq is one "column = parameter" equality of a WHERE clause.
type KeyEq struct {
	Column string // lower-cased, unqualified
	Param  int
}

// A Lookup is what a SELECT reads: its first table and the equalities
// between a column and a parameter in its WHERE clause (at the top level
// of the clause or inside one level of EXISTS/COUNT wrapping).
type Lookup struct {
	Table string
	Keys  []KeyEq
}

// Lookup returns the table and the key equalities a SELECT reads by. src
// is the text the statement was scanned from. ok is false for a statement
// that is not a SELECT or reads no table by a parameter.
func (s *Statement) Lookup(src string) (Lookup, bool) {
	if s.Kind != Select || s.Start < 0 || s.End > len(src) || s.Start > s.End {
		return Lookup{}, false
	}
	toks := lex(src[s.Start:s.End])
	params := paramNumbers(toks)
	var l Lookup
	for i, t := range toks {
		if l.Table == "" && isWord(t, "from") {
			if name, ok := relationAfter(toks, i); ok {
				l.Table = name
			}
		}
		if !isWord(t, "where") || l.Table == "" {
			continue
		}
		l.Keys = append(l.Keys, whereKeys(toks, i+1, params)...)
	}
	return l, l.Table != "" && len(l.Keys) > 0
}

// whereKeys reads "col = param" and "param = col" equalities from toks[i:]
// until the clause ends (a closing parenthesis of the WHERE's level or a
// keyword that starts another clause).
func whereKeys(toks []token, i int, params map[int]int) []KeyEq {
	var out []KeyEq
	depth := 0
	for ; i < len(toks); i++ {
		t := toks[i]
		switch t.Kind {
		case tLParen:
			depth++
			continue
		case tRParen:
			if depth == 0 {
				return out
			}
			depth--
			continue
		case tWord:
			if depth == 0 && endsWhere(t.Text) {
				return out
			}
		}
		if t.Kind != tOp || t.Text != "=" || i == 0 || i+1 >= len(toks) {
			continue
		}
		if p, ok := params[i+1]; ok {
			if col, ok := columnBefore(toks, i); ok {
				out = append(out, KeyEq{col, p})
			}
		} else if p, ok := params[i-1]; ok && (toks[i+1].Kind == tWord || toks[i+1].Kind == tQIdent) {
			out = append(out, KeyEq{lastName(toks, i+1), p})
		}
	}
	return out
}

func endsWhere(w string) bool {
	switch w {
	case "group", "order", "limit", "offset", "for", "union", "intersect", "except", "having", "window", "returning", "fetch":
		return true
	}
	return false
}

// columnBefore returns the column named just before toks[i] (a.col or col).
func columnBefore(toks []token, i int) (string, bool) {
	j := i - 1
	if toks[j].Kind != tWord && toks[j].Kind != tQIdent {
		return "", false
	}
	return strings.ToLower(toks[j].Text), true
}

// lastName returns the last part of the qualified name starting at toks[i].
func lastName(toks []token, i int) string {
	name := toks[i].Text
	for i+2 < len(toks) && toks[i+1].Kind == tOp && toks[i+1].Text == "." {
		i += 2
		name = toks[i].Text
	}
	return strings.ToLower(name)
}

// paramNumbers maps the index of each parameter token to its number.
func paramNumbers(toks []token) map[int]int {
	m := make(map[int]int)
	q := 0
	for i, t := range toks {
		switch {
		case t.Kind == tParam:
			n := 0
			for _, c := range t.Text[1:] {
				n = n*10 + int(c-'0')
				if n > 1<<16 {
					break
				}
			}
			m[i] = n
		case t.Kind == tOp && t.Text == "?":
			q++
			m[i] = q
		}
	}
	return m
}

// An InsertCols is the target of an INSERT: its table and, for each
// column of its column list, the parameter of the first VALUES row that
// fills it (0 when the value is not a bare parameter).
type InsertCols struct {
	Table   string
	Columns []string
	Params  []int
	Upsert  bool // MySQL's ON DUPLICATE KEY UPDATE
}

// InsertTarget returns the table and columns an INSERT writes, and which
// parameter fills each column.
func (s *Statement) InsertTarget(src string) (InsertCols, bool) {
	if s.Kind != Insert || s.Start < 0 || s.End > len(src) || s.Start > s.End {
		return InsertCols{}, false
	}
	toks := lex(src[s.Start:s.End])
	params := paramNumbers(toks)
	i := 0
	for i < len(toks) && !isWord(toks[i], "insert") {
		if toks[i].Kind == tLParen {
			i = skipParens(toks, i)
			continue
		}
		i++
	}
	if i+1 >= len(toks) || !isWord(toks[i+1], "into") {
		return InsertCols{}, false
	}
	name, j := tableName(toks, i+2)
	if name == "" {
		return InsertCols{}, false
	}
	ins := InsertCols{Table: name, Upsert: duplicateKeyUpdate(toks)}
	for j < len(toks) && toks[j].Kind != tLParen && !isWord(toks[j], "values") && !isWord(toks[j], "select") {
		j++
	}
	if j >= len(toks) || toks[j].Kind != tLParen {
		return ins, true
	}
	end := skipParens(toks, j)
	for _, el := range splitList(toks[j+1 : max(j+1, end-1)]) {
		if len(el) > 0 {
			ins.Columns = append(ins.Columns, strings.ToLower(el[0].Text))
		}
	}
	ins.Params = make([]int, len(ins.Columns))
	k := end
	if k < len(toks) && isWord(toks[k], "overriding") {
		for k < len(toks) && !isWord(toks[k], "values") {
			k++
		}
	}
	if k+1 >= len(toks) || !isWord(toks[k], "values") || toks[k+1].Kind != tLParen {
		return ins, true
	}
	vend := skipParens(toks, k+1)
	off := k + 2
	for n, el := range splitList(toks[k+2 : max(k+2, vend-1)]) {
		if n < len(ins.Params) && len(el) == 1 {
			if p, ok := params[off]; ok {
				ins.Params[n] = p
			}
		}
		off += len(el) + 1
	}
	return ins, true
}

// splitList splits toks at top-level commas.
func splitList(toks []token) [][]token {
	var out [][]token
	depth, start := 0, 0
	for i, t := range toks {
		switch t.Kind {
		case tLParen:
			depth++
		case tRParen:
			depth--
		case tComma:
			if depth == 0 {
				out = append(out, toks[start:i])
				start = i + 1
			}
		}
	}
	if start < len(toks) {
		out = append(out, toks[start:])
	}
	return out
}

// SerializableIsolation reports whether src sets the SERIALIZABLE isolation
// level (SET TRANSACTION ISOLATION LEVEL SERIALIZABLE, BEGIN ISOLATION
// LEVEL SERIALIZABLE).
func SerializableIsolation(src string) bool {
	toks := lex(src)
	for i := 0; i+2 < len(toks); i++ {
		if isWord(toks[i], "isolation") && isWord(toks[i+1], "level") && isWord(toks[i+2], "serializable") {
			return true
		}
	}
	return false
}

// duplicateKeyUpdate reports whether toks hold ON DUPLICATE KEY UPDATE at
// the top level.
func duplicateKeyUpdate(toks []token) bool {
	depth := 0
	for i, t := range toks {
		switch t.Kind {
		case tLParen:
			depth++
		case tRParen:
			depth--
		case tWord:
			if depth == 0 && t.Text == "on" && i+3 < len(toks) && isWord(toks[i+1], "duplicate") && isWord(toks[i+2], "key") && isWord(toks[i+3], "update") {
				return true
			}
		}
	}
	return false
}
