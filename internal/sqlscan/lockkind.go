package sqlscan

import "strings"

// LockKind says what a statement locks (see Statement.Locks): the rows
// it reads (FOR UPDATE, FOR SHARE), a key of the application's choosing
// (pg_advisory_lock and its variants), or whole tables (LOCK TABLE).
type LockKind uint8

const (
	NoLock       LockKind = iota
	LockRows              // SELECT ... FOR UPDATE / FOR SHARE / FOR NO KEY UPDATE / FOR KEY SHARE
	LockAdvisory          // pg_advisory_lock, pg_advisory_xact_lock, pg_try_advisory_*
	LockTables            // LOCK [TABLE] [ONLY] name [, ...] [IN ... MODE]
)

// LockScope returns what the statement locks, and for LOCK TABLE the
// tables it names (lower case, schema dropped). A statement whose range
// is not valid locks nothing here (Locks says it may lock anything).
func (s *Statement) LockScope(src string) (LockKind, []string) {
	if s.Start < 0 || s.End > len(src) || s.Start > s.End {
		return NoLock, nil
	}
	toks := lex(src[s.Start:s.End])
	if len(toks) > 0 && isWord(toks[0], "lock") {
		var tables []string
		for i := 1; i < len(toks); i++ {
			t := toks[i]
			switch {
			case isWord(t, "table") && i == 1, isWord(t, "only"):
				continue
			case isWord(t, "in"), isWord(t, "nowait"), t.Kind == tSemi:
				return LockTables, tables
			case t.Kind == tWord || t.Kind == tQIdent:
				tables = append(tables, lastName(toks, i))
				for i+2 < len(toks) && toks[i+1].Kind == tOp && toks[i+1].Text == "." {
					i += 2
				}
			}
		}
		return LockTables, tables
	}
	for _, t := range toks {
		if t.Kind == tWord && (strings.HasPrefix(t.Text, "pg_advisory") || strings.HasPrefix(t.Text, "pg_try_advisory")) {
			return LockAdvisory, nil
		}
	}
	if s.Locks(src) {
		return LockRows, nil
	}
	return NoLock, nil
}
