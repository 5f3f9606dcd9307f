package sqlscan

// Target returns the table an INSERT, UPDATE, DELETE or MERGE statement
// writes (lower-cased, without its schema: "outbox_event" for INSERT INTO
// app.outbox_event), or "" for other statements and when the name cannot
// be read. src is the text the statement was scanned from.
func (s *Statement) Target(src string) string {
	if s.Start < 0 || s.End > len(src) || s.Start > s.End {
		return ""
	}
	switch s.Kind {
	case Insert, Update, Delete, Merge:
	default:
		return ""
	}
	toks := lex(src[s.Start:s.End])
	depth := 0
	for i, t := range toks {
		switch t.Kind {
		case tLParen:
			depth++
			continue
		case tRParen:
			depth--
			continue
		}
		if depth != 0 || !(isWord(t, "insert") || isWord(t, "update") || isWord(t, "delete") || isWord(t, "merge")) {
			continue
		}
		j := i + 1
		for j < len(toks) && (isWord(toks[j], "into") || isWord(toks[j], "from") || isWord(toks[j], "only")) {
			j++
		}
		name := ""
		for j < len(toks) && (toks[j].Kind == tWord || toks[j].Kind == tQIdent) {
			name = toks[j].Text
			if j+2 < len(toks) && toks[j+1].Kind == tOp && toks[j+1].Text == "." {
				j += 2
				continue
			}
			break
		}
		return name
	}
	return ""
}
