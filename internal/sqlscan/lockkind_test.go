package sqlscan

import (
	"slices"
	"testing"
)

func TestLockScope(t *testing.T) {
	for _, tc := range []struct {
		sql    string
		kind   LockKind
		tables []string
	}{
		{"SELECT id FROM bank_details WHERE max_amount >= $1 LIMIT 1 FOR UPDATE", LockRows, nil},
		{"SELECT * FROM clients WHERE id = $1 FOR NO KEY UPDATE", LockRows, nil},
		{"SELECT pg_advisory_xact_lock(hashtext($1))", LockAdvisory, nil},
		{"SELECT pg_try_advisory_lock($1)", LockAdvisory, nil},
		{"LOCK TABLE orders IN SHARE ROW EXCLUSIVE MODE", LockTables, []string{"orders"}},
		{"LOCK public.orders, \"Clients\"", LockTables, []string{"orders", "clients"}},
		{"LOCK TABLE ONLY orders NOWAIT", LockTables, []string{"orders"}},
		{"SELECT count(*) FROM orders WHERE client_id = $1", NoLock, nil},
	} {
		sts := Scan(tc.sql)
		if len(sts) != 1 {
			t.Fatalf("%q: %d statements", tc.sql, len(sts))
		}
		kind, tables := sts[0].LockScope(tc.sql)
		if kind != tc.kind || !slices.Equal(tables, tc.tables) {
			t.Errorf("LockScope(%q) = %v %q, want %v %q", tc.sql, kind, tables, tc.kind, tc.tables)
		}
	}
}
