package sqlscan

// DoNothingInsert reports whether the statement's main query is an
// INSERT ... ON CONFLICT ... DO NOTHING.
func (s *Statement) DoNothingInsert() bool {
	return s.Kind == Insert && s.Conflict != nil && s.Conflict.Action == DoNothing
}

// NoRowOnConflict reports whether the statement returns no row when its
// ON CONFLICT DO NOTHING skips the insert: a top-level INSERT ... ON
// CONFLICT ... DO NOTHING ... RETURNING, or a SELECT that only wraps such
// an insert in a CTE (WITH ins AS (INSERT ... DO NOTHING RETURNING id)
// SELECT id FROM ins). A CTE whose outer query falls back to a SELECT of the
// existing row (a UNION, or a read of a table that is not a CTE) returns a
// row either way, and so does a SELECT without FROM.
func (s *Statement) NoRowOnConflict() bool {
	if s.DoNothingInsert() {
		return s.Returning
	}
	if s.Kind != Select || s.SetOp || !s.TopFrom || len(s.CTEs) == 0 {
		return false
	}
	wraps := false
	names := make(map[string]bool, len(s.CTEs))
	for i := range s.CTEs {
		c := &s.CTEs[i]
		names[lower(c.Name)] = true
		switch c.Stmt.Kind {
		case Insert:
			if c.Stmt.NoRowOnConflict() {
				wraps = true
			}
		case Select:
			if c.Stmt.NoRowOnConflict() {
				wraps = true
			}
		default:
			return false // an UPDATE, DELETE or MERGE changes the picture
		}
	}
	if !wraps {
		return false
	}
	for _, src := range s.Sources {
		if !names[src] {
			return false // reads a real table: a fallback to the existing row
		}
	}
	return true
}

// ConflictPos returns the byte offset of the ON CONFLICT clause that makes
// NoRowOnConflict or DoNothingInsert true (in the statement or its CTEs),
// or the statement's start.
func (s *Statement) ConflictPos() int {
	if s.Conflict != nil {
		return s.Conflict.Pos
	}
	for i := range s.CTEs {
		if p := s.CTEs[i].Stmt.ConflictPos(); p != s.CTEs[i].Stmt.Start {
			return p
		}
	}
	return s.Start
}

func lower(s string) string {
	b := []byte(s)
	for i, c := range b {
		if c >= 'A' && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}
