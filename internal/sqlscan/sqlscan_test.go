package sqlscan

import (
	"fmt"
	"strings"
	"testing"
)

// summary renders what the scanner found, one statement per "|"-separated
// part: KIND [DO NOTHING|DO UPDATE target] [RETURNING] [norow] [with:k,k].
func summary(sts []Statement) string {
	var parts []string
	for i := range sts {
		st := &sts[i]
		var b strings.Builder
		b.WriteString(string(st.Kind))
		if st.Conflict != nil {
			if st.Conflict.Action == "" {
				b.WriteString(" ON CONFLICT")
			}
			fmt.Fprintf(&b, " %s", st.Conflict.Action)
			if st.Conflict.Target != "" {
				fmt.Fprintf(&b, " %s", st.Conflict.Target)
			}
		}
		if st.Returning {
			b.WriteString(" RETURNING")
		}
		if st.NoRowOnConflict() {
			b.WriteString(" norow")
		}
		if len(st.CTEs) > 0 {
			var ks []string
			for _, c := range st.CTEs {
				ks = append(ks, c.Name+"="+summary([]Statement{c.Stmt}))
			}
			fmt.Fprintf(&b, " with[%s]", strings.Join(ks, ";"))
		}
		parts = append(parts, b.String())
	}
	return strings.Join(parts, " | ")
}

var scanTests = []struct {
	sql, want string
}{
	// Plain statements.
	{`SELECT 1`, `SELECT`},
	{`select id from t where k = $1`, `SELECT`},
	{`VALUES (1), (2)`, `SELECT`},
	{`TABLE processed_event`, `SELECT`},
	{`(SELECT 1) UNION (SELECT 2)`, `SELECT`},
	{`UPDATE t SET a = 1 WHERE id = $1`, `UPDATE`},
	{`UPDATE t SET a = 1 WHERE id = $1 RETURNING id`, `UPDATE RETURNING`},
	{`DELETE FROM t WHERE id = $1 RETURNING *`, `DELETE RETURNING`},
	{`MERGE INTO t USING s ON t.id = s.id WHEN NOT MATCHED THEN INSERT VALUES (s.id)`, `MERGE`},
	{`CREATE TABLE t (id int PRIMARY KEY)`, `OTHER`},
	{`BEGIN`, `OTHER`},
	{``, ``},
	{`   ;  ; `, ``},
	{`-- only a comment`, ``},
	{`/* only /* nested */ a comment */`, ``},

	// INSERT without and with ON CONFLICT.
	{`INSERT INTO t (k) VALUES ($1)`, `INSERT`},
	{`INSERT INTO t (k) VALUES ($1) RETURNING id`, `INSERT RETURNING`},
	{`INSERT INTO t (k) VALUES ($1) ON CONFLICT DO NOTHING`, `INSERT DO NOTHING`},
	{`INSERT INTO t (k) VALUES ($1) ON CONFLICT (k) DO NOTHING`, `INSERT DO NOTHING (k)`},
	{`INSERT INTO t (k) VALUES ($1) ON CONFLICT (k) DO NOTHING RETURNING id`, `INSERT DO NOTHING (k) RETURNING norow`},
	{`INSERT INTO t (k) VALUES ($1) ON CONFLICT (k) DO NOTHING RETURNING *`, `INSERT DO NOTHING (k) RETURNING norow`},
	{`insert into t (k) values ($1) on conflict (k) do nothing returning id`, `INSERT DO NOTHING (k) RETURNING norow`},
	{`InSeRt InTo t (k) VaLuEs ($1) On CoNfLiCt (k) Do NoThInG ReTuRnInG id`, `INSERT DO NOTHING (k) RETURNING norow`},
	{"INSERT INTO processed_event (event_id, consumer_id, processed_at)\nVALUES ($1, $2, now())\nON CONFLICT (event_id, consumer_id) DO NOTHING\nRETURNING event_id", `INSERT DO NOTHING (event_id, consumer_id) RETURNING norow`},
	{`INSERT INTO t (k) VALUES ($1) ON CONFLICT ON CONSTRAINT t_k_key DO NOTHING RETURNING id`, `INSERT DO NOTHING ON CONSTRAINT t_k_key RETURNING norow`},
	{`INSERT INTO t (k) VALUES ($1) ON CONFLICT ON CONSTRAINT "T Key" DO NOTHING`, `INSERT DO NOTHING ON CONSTRAINT "T Key"`},
	{`INSERT INTO t (k) VALUES ($1) ON CONFLICT (k) WHERE deleted_at IS NULL DO NOTHING RETURNING id`, `INSERT DO NOTHING (k) WHERE deleted_at IS NULL RETURNING norow`},
	{`INSERT INTO t (k) VALUES ($1) ON CONFLICT (lower(k)) WHERE (state <> 'x') DO NOTHING`, `INSERT DO NOTHING (lower(k)) WHERE (state <> 'x')`},
	{`INSERT INTO t (k) VALUES ($1) ON CONFLICT (k) DO UPDATE SET k = EXCLUDED.k RETURNING (xmax = 0) AS inserted`, `INSERT DO UPDATE (k) RETURNING`},
	{`INSERT INTO t (k, n) VALUES ($1, 1) ON CONFLICT (k) DO UPDATE SET n = t.n + 1 WHERE t.k <> 'x' RETURNING n`, `INSERT DO UPDATE (k) RETURNING`},
	{`INSERT INTO t AS x (k) VALUES ($1) ON CONFLICT (k) DO UPDATE SET k = (SELECT max(k) FROM y) RETURNING x.id`, `INSERT DO UPDATE (k) RETURNING`},
	{`INSERT INTO t (k) SELECT k FROM s ON CONFLICT DO NOTHING RETURNING id`, `INSERT DO NOTHING RETURNING norow`},
	{`INSERT INTO t (k) SELECT k FROM a JOIN b ON conflict = 1`, `INSERT`},
	{`INSERT INTO "on conflict" (k) VALUES ('x')`, `INSERT`},
	{`INSERT INTO t ("do nothing") VALUES ($1) RETURNING "returning"`, `INSERT RETURNING`},
	{`INSERT INTO public.t (k) VALUES ($1) ON CONFLICT (k) DO NOTHING RETURNING public.t.id`, `INSERT DO NOTHING (k) RETURNING norow`},
	{`INSERT INTO t DEFAULT VALUES ON CONFLICT DO NOTHING RETURNING id`, `INSERT DO NOTHING RETURNING norow`},
	{`INSERT INTO t (k) VALUES ($1) ON CONFLICT`, `INSERT ON CONFLICT `},

	// Comments and literals that contain the clause.
	{`INSERT INTO t (k) VALUES ($1) -- ON CONFLICT DO NOTHING RETURNING id`, `INSERT`},
	{`INSERT INTO t (k) VALUES ($1) /* ON CONFLICT DO NOTHING */ RETURNING id`, `INSERT RETURNING`},
	{`INSERT INTO t (k) VALUES ($1) /* outer /* ON CONFLICT DO NOTHING */ still comment */ RETURNING id`, `INSERT RETURNING`},
	{`INSERT INTO t (k) VALUES ('ON CONFLICT DO NOTHING RETURNING id')`, `INSERT`},
	{`INSERT INTO t (k) VALUES ('it''s ON CONFLICT DO NOTHING')`, `INSERT`},
	{`INSERT INTO t (k) VALUES (E'\' ON CONFLICT DO NOTHING RETURNING id')`, `INSERT`},
	{`INSERT INTO t (k) VALUES (e'a\\') ON CONFLICT DO NOTHING RETURNING id`, `INSERT DO NOTHING RETURNING norow`},
	{`INSERT INTO t (k) VALUES ('a\') ON CONFLICT DO NOTHING RETURNING id`, `INSERT DO NOTHING RETURNING norow`},
	{`INSERT INTO t (k) VALUES ($$ ON CONFLICT DO NOTHING RETURNING id $$)`, `INSERT`},
	{`INSERT INTO t (k) VALUES ($tag$ it's $$ ON CONFLICT DO NOTHING $$ $tag$) ON CONFLICT (k) DO UPDATE SET k = 'x'`, `INSERT DO UPDATE (k)`},
	{`INSERT INTO t (k) VALUES ($1) ON CONFLICT (k) DO NOTHING; -- RETURNING id`, `INSERT DO NOTHING (k)`},
	{`SELECT 'INSERT INTO t VALUES (1) ON CONFLICT DO NOTHING RETURNING id'`, `SELECT`},
	{`SELECT "ON CONFLICT DO NOTHING" FROM t`, `SELECT`},
	{`SELECT U&'d\0061t\+000061 ON CONFLICT' FROM t`, `SELECT`},
	{`SELECT B'1010', X'FF', N'on conflict do nothing'`, `SELECT`},
	{`SELECT a$b FROM t`, `SELECT`},
	{`CREATE FUNCTION f() RETURNS void AS $$ INSERT INTO t VALUES (1) ON CONFLICT DO NOTHING RETURNING id; $$ LANGUAGE sql`, `OTHER`},
	{`CREATE FUNCTION f() RETURNS void AS $body$ BEGIN INSERT INTO t VALUES (1); END $body$ LANGUAGE plpgsql; INSERT INTO t (k) VALUES (1) ON CONFLICT DO NOTHING RETURNING id`, `OTHER | INSERT DO NOTHING RETURNING norow`},

	// Multi-statement strings.
	{`INSERT INTO a (k) VALUES (1) ON CONFLICT DO NOTHING; UPDATE b SET n = n + 1`, `INSERT DO NOTHING | UPDATE`},
	{`SELECT 1; SELECT 2; INSERT INTO t (k) VALUES (1) ON CONFLICT (k) DO NOTHING RETURNING id;`, `SELECT | SELECT | INSERT DO NOTHING (k) RETURNING norow`},
	{`SELECT ';'; INSERT INTO t (k) VALUES (';') RETURNING id`, `SELECT | INSERT RETURNING`},

	// CTEs.
	{`WITH ins AS (INSERT INTO t (k) VALUES ($1) ON CONFLICT (k) DO NOTHING RETURNING id) SELECT id FROM ins`, `SELECT norow with[ins=INSERT DO NOTHING (k) RETURNING norow]`},
	{`WITH ins AS (INSERT INTO t (k) VALUES ($1) ON CONFLICT (k) DO NOTHING RETURNING id) SELECT id FROM ins UNION ALL SELECT id FROM t WHERE k = $1 LIMIT 1`, `SELECT with[ins=INSERT DO NOTHING (k) RETURNING norow]`},
	{`WITH ins AS (INSERT INTO t (k) VALUES ($1) ON CONFLICT (k) DO NOTHING RETURNING id, true AS inserted) SELECT id, inserted FROM ins UNION ALL SELECT id, false FROM t WHERE k = $1 AND NOT EXISTS (SELECT 1 FROM ins)`, `SELECT with[ins=INSERT DO NOTHING (k) RETURNING norow]`},
	{`WITH ins AS (INSERT INTO t (k) VALUES ($1) ON CONFLICT (k) DO NOTHING RETURNING id) SELECT COALESCE((SELECT id FROM ins), (SELECT id FROM t WHERE k = $1))`, `SELECT with[ins=INSERT DO NOTHING (k) RETURNING norow]`},
	{`WITH ins AS (INSERT INTO t (k) VALUES ($1) ON CONFLICT (k) DO NOTHING RETURNING id) SELECT i.id FROM ins i`, `SELECT norow with[ins=INSERT DO NOTHING (k) RETURNING norow]`},
	{`WITH ins AS (INSERT INTO t (k) VALUES ($1) ON CONFLICT (k) DO NOTHING RETURNING id) SELECT EXISTS (SELECT 1 FROM ins) AS inserted`, `SELECT with[ins=INSERT DO NOTHING (k) RETURNING norow]`},
	{`WITH ins AS (INSERT INTO t (k) VALUES ($1) ON CONFLICT (k) DO NOTHING RETURNING id), sel AS (SELECT id FROM ins) SELECT id FROM sel`, `SELECT norow with[ins=INSERT DO NOTHING (k) RETURNING norow;sel=SELECT]`},
	{`WITH ins AS (INSERT INTO t (k) VALUES ($1) ON CONFLICT (k) DO NOTHING RETURNING id), upd AS (UPDATE c SET n = n + 1 RETURNING n) SELECT id FROM ins`, `SELECT with[ins=INSERT DO NOTHING (k) RETURNING norow;upd=UPDATE RETURNING]`},
	{`WITH "Ins" AS MATERIALIZED (INSERT INTO t (k) VALUES ($1) ON CONFLICT DO NOTHING RETURNING id) SELECT id FROM "Ins"`, `SELECT norow with[Ins=INSERT DO NOTHING RETURNING norow]`},
	{`WITH ins (id) AS NOT MATERIALIZED (INSERT INTO t (k) VALUES ($1) ON CONFLICT DO NOTHING RETURNING id) SELECT id FROM ins`, `SELECT norow with[ins=INSERT DO NOTHING RETURNING norow]`},
	{`WITH src AS (SELECT $1::text AS k) INSERT INTO t (k) SELECT k FROM src ON CONFLICT (k) DO NOTHING RETURNING id`, `INSERT DO NOTHING (k) RETURNING norow with[src=SELECT]`},
	{`WITH ins AS (INSERT INTO t (k) VALUES ($1) ON CONFLICT (k) DO NOTHING RETURNING id) INSERT INTO outbox (id) SELECT id FROM ins`, `INSERT with[ins=INSERT DO NOTHING (k) RETURNING norow]`},
	{`WITH ins AS (INSERT INTO t (k) VALUES ($1) ON CONFLICT (k) DO UPDATE SET k = EXCLUDED.k RETURNING id) SELECT id FROM ins`, `SELECT with[ins=INSERT DO UPDATE (k) RETURNING]`},
	{`WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r WHERE n < 3) SELECT n FROM r`, `SELECT with[r=SELECT]`},
	{`with ins as (insert into t (k) values ($1) on conflict do nothing returning id) select id from ins; select 1`, `SELECT norow with[ins=INSERT DO NOTHING RETURNING norow] | SELECT`},
	{`WITH a AS (WITH b AS (INSERT INTO t (k) VALUES (1) ON CONFLICT DO NOTHING RETURNING id) SELECT id FROM b) SELECT id FROM a`, `SELECT norow with[a=SELECT norow with[b=INSERT DO NOTHING RETURNING norow]]`},

	// Broken input: never panic, do what is reasonable.
	{`INSERT INTO t (k VALUES ($1 ON CONFLICT DO NOTHING RETURNING id`, `INSERT`},
	{`INSERT INTO t (k) VALUES ('unterminated ON CONFLICT DO NOTHING`, `INSERT`},
	{`INSERT INTO t (k) VALUES ($$unterminated`, `INSERT`},
	{`INSERT INTO t (k) VALUES (1) /* unterminated ON CONFLICT DO NOTHING`, `INSERT`},
	{`WITH ins AS (INSERT INTO t VALUES (1) ON CONFLICT DO NOTHING RETURNING id`, `OTHER with[ins=INSERT DO NOTHING RETURNING norow]`},
	{`WITH`, `OTHER`},
	{`WITH x AS`, `OTHER`},
	{`)))INSERT INTO t VALUES (1) ON CONFLICT DO NOTHING`, `OTHER`},
	{`INSERT INTO t VALUES (1) ON CONFLICT DO NOTHING RETURNING id)))`, `INSERT DO NOTHING RETURNING norow`},
}

func TestScan(t *testing.T) {
	if len(scanTests) < 60 {
		t.Fatalf("only %d statements in the table", len(scanTests))
	}
	for _, tt := range scanTests {
		if got := summary(Scan(tt.sql)); got != tt.want {
			t.Errorf("Scan(%q)\n got %s\nwant %s", tt.sql, got, tt.want)
		}
	}
}

func TestConflictPos(t *testing.T) {
	src := "WITH ins AS (\n  INSERT INTO t (k) VALUES ($1)\n  ON CONFLICT (k) DO NOTHING RETURNING id\n) SELECT id FROM ins"
	sts := Scan(src)
	if len(sts) != 1 {
		t.Fatalf("got %d statements", len(sts))
	}
	if p := sts[0].ConflictPos(); !strings.HasPrefix(src[p:], "ON CONFLICT") {
		t.Errorf("ConflictPos points at %q", src[p:])
	}
}

func TestParseHeader(t *testing.T) {
	tests := []struct {
		src, name, cmd string
		ok             bool
	}{
		{"-- name: InsertEvent :one\nINSERT INTO t VALUES (1)", "InsertEvent", ":one", true},
		{"-- name:InsertEvent :many\nSELECT 1", "InsertEvent", ":many", true},
		{"/* name: GetX :execrows */ UPDATE t SET a = 1", "GetX", ":execrows", true},
		{"--   name: A   :exec   extra\n", "A", ":exec", true},
		{"-- name: A\nSELECT 1", "", "", false},
		{"-- nothing here\nSELECT 1", "", "", false},
		{"SELECT '-- name: A :one'", "", "", false},
		{"", "", "", false},
		{"-- name: A one\n", "", "", false},
	}
	for _, tt := range tests {
		h, ok := ParseHeader(tt.src)
		if ok != tt.ok || h.Name != tt.name || h.Cmd != tt.cmd {
			t.Errorf("ParseHeader(%q) = %+v, %v; want %s %s %v", tt.src, h, ok, tt.name, tt.cmd, tt.ok)
			continue
		}
		if ok && !strings.HasPrefix(tt.src[h.CmdPos:], tt.cmd) {
			t.Errorf("ParseHeader(%q): CmdPos points at %q", tt.src, tt.src[h.CmdPos:])
		}
	}
}

func TestSplitQueries(t *testing.T) {
	src := `-- schema notes, not a query
-- name: InsertEvent :one
INSERT INTO processed_event (event_id) VALUES ($1)
ON CONFLICT (event_id) DO NOTHING
RETURNING event_id;

-- name: MarkEvent :execrows
INSERT INTO processed_event (event_id) VALUES ($1)
ON CONFLICT DO NOTHING;

/* name: Fn :exec */
CREATE FUNCTION f() RETURNS void AS $$
-- name: NotAHeader :one
$$ LANGUAGE sql;
`
	qs := SplitQueries(src)
	if len(qs) != 3 {
		t.Fatalf("got %d queries, want 3", len(qs))
	}
	want := []string{"InsertEvent :one INSERT DO NOTHING (event_id) RETURNING norow", "MarkEvent :execrows INSERT DO NOTHING", "Fn :exec OTHER"}
	for i, q := range qs {
		got := q.Header.Name + " " + q.Header.Cmd + " " + summary(q.Statements)
		if got != want[i] {
			t.Errorf("query %d: got %q, want %q", i, got, want[i])
		}
	}
	line, col := LineCol(src, qs[0].Header.CmdPos)
	if line != 2 || col != 22 {
		t.Errorf("LineCol of :one = %d:%d, want 2:22", line, col)
	}
	if p := qs[0].Statements[0].Conflict.Pos; !strings.HasPrefix(src[p:], "ON CONFLICT") {
		t.Errorf("conflict position points at %q", src[p:])
	}
}
