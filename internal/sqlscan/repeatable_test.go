package sqlscan

import "testing"

func TestRepeatable(t *testing.T) {
	for _, tc := range []struct {
		sql  string
		want bool
	}{
		{`SELECT 1`, true},
		{`INSERT INTO t (id) VALUES ($1) ON CONFLICT DO NOTHING`, true},
		{`INSERT INTO t (id, s) VALUES ($1, $2) ON CONFLICT (id) DO UPDATE SET s = EXCLUDED.s, updated_at = now()`, true},
		{`INSERT INTO t (id, n) VALUES ($1, 1) ON CONFLICT (id) DO UPDATE SET n = t.n + 1`, false},
		{`INSERT INTO t (id, n) VALUES ($1, 1) ON CONFLICT (id) DO UPDATE SET "n" = "N" + 1`, false},
		{`INSERT INTO t (id) VALUES ($1)`, false},
		{`UPDATE orders SET status = 'paid', paid_at = now() WHERE id = $1`, true},
		{`UPDATE orders SET status = coalesce($2, 'x') WHERE id = $1 RETURNING id`, true},
		{`UPDATE account SET balance=balance-10 WHERE id = $1`, false},
		{`UPDATE account SET note = 'a', version = version + 1 WHERE id = $1`, false},
		{`UPDATE account SET (a, b) = ($1, $2) WHERE id = $3`, false},
		{`DELETE FROM pending WHERE id = $1`, true},
		{`MERGE INTO t USING s ON t.id = s.id WHEN MATCHED THEN DELETE`, false},
		{`WITH d AS (DELETE FROM q WHERE id = $1 RETURNING id) INSERT INTO log (id) SELECT id FROM d`, false},
		{`WITH d AS (DELETE FROM q WHERE id = $1 RETURNING id) SELECT id FROM d`, true},
		{`CREATE TABLE t (id int)`, false},
	} {
		sts := Scan(tc.sql)
		if len(sts) != 1 {
			t.Fatalf("%q: %d statements", tc.sql, len(sts))
		}
		if got := sts[0].Repeatable(tc.sql); got != tc.want {
			t.Errorf("Repeatable(%q) = %v, want %v", tc.sql, got, tc.want)
		}
	}
}

func TestLocks(t *testing.T) {
	for _, tc := range []struct {
		sql  string
		want bool
	}{
		{`SELECT * FROM t WHERE id = $1`, false},
		{`SELECT * FROM t WHERE id = $1 FOR UPDATE`, true},
		{`SELECT * FROM t WHERE id = $1 FOR NO KEY UPDATE SKIP LOCKED`, true},
		{`SELECT * FROM t FOR SHARE`, true},
		{`SELECT * FROM t FOR KEY SHARE OF t`, true},
		{`SELECT * FROM (SELECT id FROM t FOR UPDATE) s`, true},
		{`SELECT substring(name for 3) FROM t`, false},
		{`SELECT 'for update' FROM t`, false},
		{`SELECT pg_advisory_xact_lock(hashtext($1))`, true},
		{`SELECT pg_try_advisory_lock(42)`, true},
		{`LOCK TABLE accounts IN EXCLUSIVE MODE`, true},
	} {
		sts := Scan(tc.sql)
		if got := sts[0].Locks(tc.sql); got != tc.want {
			t.Errorf("Locks(%q) = %v, want %v", tc.sql, got, tc.want)
		}
	}
}
