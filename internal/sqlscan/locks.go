package sqlscan

import "strings"

// Locks reports whether the statement takes locks: a locking clause (FOR
// UPDATE, FOR NO KEY UPDATE, FOR SHARE, FOR KEY SHARE) in its main query
// or a subquery, an advisory lock (pg_advisory_xact_lock, pg_advisory_lock,
// pg_try_advisory_*), or LOCK TABLE. src is the text the statement was
// scanned from.
func (s *Statement) Locks(src string) bool {
	if s.Start < 0 || s.End > len(src) || s.Start > s.End {
		return true
	}
	toks := lex(src[s.Start:s.End])
	if len(toks) > 0 && isWord(toks[0], "lock") {
		return true
	}
	for i := 0; i < len(toks); i++ {
		if t := toks[i]; t.Kind == tWord && (strings.HasPrefix(t.Text, "pg_advisory") || strings.HasPrefix(t.Text, "pg_try_advisory")) {
			return true
		}
		if !isWord(toks[i], "for") || i+1 >= len(toks) {
			continue
		}
		switch n := toks[i+1]; {
		case isWord(n, "update"), isWord(n, "share"):
			return true
		case isWord(n, "no"), isWord(n, "key"):
			if i+2 < len(toks) && (isWord(toks[i+2], "key") || isWord(toks[i+2], "update") || isWord(toks[i+2], "share")) {
				return true
			}
		}
	}
	return false
}
