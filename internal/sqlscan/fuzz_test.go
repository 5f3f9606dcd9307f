package sqlscan

import "testing"

// FuzzScan checks that the scanner neither panics nor loops on arbitrary
// input, and that what it reports stays inside the input.
func FuzzScan(f *testing.F) {
	for _, tt := range scanTests {
		f.Add(tt.sql)
	}
	for _, s := range []string{
		"-- name: InsertEvent :one\nINSERT INTO t (k) VALUES ($1) ON CONFLICT (k) DO NOTHING RETURNING id;\n-- name: X :exec\nDELETE FROM t",
		"/* name: A :one */ WITH a AS (WITH b AS (INSERT INTO t VALUES (1) ON CONFLICT DO NOTHING RETURNING id) SELECT id FROM b) SELECT id FROM a",
		"$a$ $b$ $$ $a$", "$", "$$", "$1$", "E'\\", "U&\"", "/*/*/", "'''", `""""`, "(((((", ")))))", "--",
		"WITH a AS (WITH b AS (WITH c AS (SELECT 1) SELECT 1) SELECT 1) SELECT 1",
		"INSERT INTO t VALUES (1) ON CONFLICT ON CONSTRAINT",
		"INSERT INTO t VALUES (1) ON CONFLICT (k) WHERE (",
		"\xff\xfe ON CONFLICT \x00 DO NOTHING",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		for _, st := range Scan(src) {
			checkStmt(t, src, &st)
		}
		for _, q := range SplitQueries(src) {
			if q.Header.CmdPos < q.Start || q.Header.CmdPos > q.End || q.End > len(src) {
				t.Fatalf("query range %d..%d, cmd at %d, len %d", q.Start, q.End, q.Header.CmdPos, len(src))
			}
			for _, st := range q.Statements {
				checkStmt(t, src, &st)
			}
		}
		ParseHeader(src)
	})
}

func checkStmt(t *testing.T, src string, st *Statement) {
	t.Helper()
	if st.Start < 0 || st.End > len(src) || st.Start > st.End {
		t.Fatalf("statement range %d..%d outside input of length %d", st.Start, st.End, len(src))
	}
	if p := st.ConflictPos(); p < 0 || p > len(src) {
		t.Fatalf("conflict position %d outside input of length %d", p, len(src))
	}
	st.NoRowOnConflict()
	st.DoNothingInsert()
	for i := range st.CTEs {
		checkStmt(t, src, &st.CTEs[i].Stmt)
	}
}
