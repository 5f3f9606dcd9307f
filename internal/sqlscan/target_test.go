package sqlscan

import "testing"

func TestTarget(t *testing.T) {
	for src, want := range map[string]string{
		"INSERT INTO orders (id) VALUES ($1)":                                  "orders",
		`insert into app."Outbox_Event" (id) values ($1)`:                      "Outbox_Event",
		"UPDATE ONLY outbox_event SET status = 'PUBLISHED' WHERE id = $1":      "outbox_event",
		"DELETE FROM public.products WHERE id = $1":                            "products",
		"WITH x AS (SELECT 1) INSERT INTO audit SELECT * FROM x":               "audit",
		"MERGE INTO stock s USING incoming i ON s.id = i.id WHEN MATCHED THEN": "stock",
		"SELECT * FROM orders":                                                 "",
	} {
		sts := Scan(src)
		if len(sts) != 1 {
			t.Fatalf("%q: %d statements", src, len(sts))
		}
		if got := sts[0].Target(src); got != want {
			t.Errorf("Target(%q) = %q, want %q", src, got, want)
		}
	}
}
