package sqlscan

// Repeatable reports whether running the statement again after it ran once
// changes nothing more: a read; an INSERT ... ON CONFLICT DO NOTHING; an
// upsert, an UPDATE or a DELETE that sets no column from its own value
// (`SET status = EXCLUDED.status`, `SET paid_at = now()`, not `SET n = n + 1`).
// src is the text the statement was scanned from. A plain INSERT adds a
// row per run, a MERGE or anything else is not known to repeat harmlessly.
func (s *Statement) Repeatable(src string) bool {
	for i := range s.CTEs {
		if !s.CTEs[i].Stmt.Repeatable(src) {
			return false
		}
	}
	switch s.Kind {
	case Select, Delete:
		return true
	case Insert:
		if s.Conflict == nil {
			return false
		}
		if s.Conflict.Action == DoNothing {
			return true
		}
		return s.Conflict.Action == DoUpdate && !s.setsFromItself(src, s.Conflict.Pos)
	case Update:
		return !s.setsFromItself(src, s.Start)
	}
	return false
}

// setsFromItself reports whether a SET clause at or after byte offset from
// assigns a column an expression that reads the same column (n = n + 1,
// n = t.n + 1; EXCLUDED.n is the new row, not the stored one), or a SET
// the scanner cannot read (a parenthesized column list).
func (s *Statement) setsFromItself(src string, from int) bool {
	if s.Start < 0 || s.End > len(src) || s.Start > s.End || from < s.Start {
		return true
	}
	toks := lex(src[from:s.End])
	i := 0
	for i < len(toks) && !isWord(toks[i], "set") {
		i++
	}
	if i == len(toks) {
		return true
	}
	i++
	for i < len(toks) {
		col, ok := columnName(toks[i])
		if !ok {
			return true // SET (a, b) = (...): not followed
		}
		if i+1 >= len(toks) || toks[i+1].Kind != tOp || toks[i+1].Text != "=" {
			return true
		}
		i += 2
		depth := 0
		for ; i < len(toks); i++ {
			t := toks[i]
			switch {
			case t.Kind == tLParen:
				depth++
				continue
			case t.Kind == tRParen:
				depth--
				continue
			}
			if depth == 0 && (t.Kind == tComma || endsSet(t)) {
				break
			}
			if name, ok := columnName(t); ok && name == col && !afterExcluded(toks, i) {
				return true
			}
		}
		if i >= len(toks) || endsSet(toks[i]) {
			return false
		}
		i++ // the comma
	}
	return false
}

// columnName returns the name a word or quoted identifier token names.
func columnName(t token) (string, bool) {
	switch t.Kind {
	case tWord:
		return t.Text, true
	case tQIdent:
		return lower(t.Text), true
	}
	return "", false
}

// afterExcluded reports whether toks[i] is qualified by EXCLUDED (the row
// proposed for insertion).
func afterExcluded(toks []token, i int) bool {
	return i >= 2 && toks[i-1].Kind == tOp && toks[i-1].Text == "." && isWord(toks[i-2], "excluded")
}

// endsSet reports whether a top-level token ends a SET clause.
func endsSet(t token) bool {
	return isWord(t, "where") || isWord(t, "returning") || isWord(t, "from") || t.Kind == tSemi
}
