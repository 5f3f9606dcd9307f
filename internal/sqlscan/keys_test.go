package sqlscan

import (
	"fmt"
	"strings"
	"testing"
)

func TestLookup(t *testing.T) {
	for _, tt := range []struct{ sql, want string }{
		{`SELECT response FROM idempotency_record WHERE key = $1`, `idempotency_record key=$1`},
		{`select id from public.orders o where o.idempotency_key = $2 and o.tenant = $1`, `orders idempotency_key=$2 tenant=$1`},
		{`SELECT EXISTS(SELECT 1 FROM processed_messages WHERE message_id = $1)`, `processed_messages message_id=$1`},
		{`SELECT count(*) FROM payments WHERE order_id = ? AND status = ?`, `payments order_id=$1 status=$2`},
		{`SELECT id FROM t WHERE $1 = key LIMIT 1 FOR UPDATE`, `t key=$1`},
		{`SELECT id FROM t WHERE created_at < now()`, `-`},
		{`SELECT 1`, `-`},
		{`INSERT INTO t (k) VALUES ($1)`, `-`},
	} {
		var got []string
		for _, st := range Scan(tt.sql) {
			if l, ok := st.Lookup(tt.sql); ok {
				s := l.Table
				for _, k := range l.Keys {
					s += fmt.Sprintf(" %s=$%d", k.Column, k.Param)
				}
				got = append(got, s)
			}
		}
		if g := strings.Join(got, "|"); g != tt.want && !(g == "" && tt.want == "-") {
			t.Errorf("Lookup(%q) = %q, want %q", tt.sql, g, tt.want)
		}
	}
}

func TestInsertTarget(t *testing.T) {
	for _, tt := range []struct{ sql, want string }{
		{`INSERT INTO idempotency_record(key, response_body) VALUES($1, $2)`, `idempotency_record key=$1 response_body=$2`},
		{`insert into s.orders (id, total, idempotency_key) values ($3, 10 * $1, $2) on conflict do nothing`, `orders id=$3 total=$0 idempotency_key=$2`},
		{`INSERT INTO payments (order_id, paid) VALUES (?, ?)`, `payments order_id=$1 paid=$2`},
		{`INSERT INTO t SELECT * FROM u`, `t`},
		{`WITH x AS (SELECT 1) INSERT INTO t (a) VALUES ($1)`, `t a=$1`},
		{`UPDATE t SET a = $1`, `-`},
		{"INSERT INTO counter (id, value) VALUES (?, ?) ON DUPLICATE KEY UPDATE value = ?", `counter id=$1 value=$2 upsert`},
	} {
		var got []string
		for _, st := range Scan(tt.sql) {
			if ins, ok := st.InsertTarget(tt.sql); ok {
				s := ins.Table
				for i, c := range ins.Columns {
					s += fmt.Sprintf(" %s=$%d", c, ins.Params[i])
				}
				if ins.Upsert {
					s += " upsert"
				}
				got = append(got, s)
			}
		}
		if g := strings.Join(got, "|"); g != tt.want && !(g == "" && tt.want == "-") {
			t.Errorf("InsertTarget(%q) = %q, want %q", tt.sql, g, tt.want)
		}
	}
}

func TestUniqueKeys(t *testing.T) {
	for _, tt := range []struct{ sql, want string }{
		{`CREATE TABLE IF NOT EXISTS orders (id UUID PRIMARY KEY DEFAULT gen_random_uuid(), idempotency_key VARCHAR(255) UNIQUE, total int CHECK (total > 0))`, `orders(id) orders(idempotency_key)`},
		{`create table processed (event_id text not null, handler text not null, primary key (event_id, handler))`, `processed(event_id,handler)`},
		{`CREATE TABLE t (a int, b int, CONSTRAINT uq UNIQUE (a, b), UNIQUE KEY k2 (b))`, `t(a,b) t(b)`},
		{`CREATE TABLE t (a int, b int)`, ``},
		{`CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS ux ON ONLY public.payments USING btree (order_id, lower(ref))`, `payments(order_id,ref)`},
		{`CREATE INDEX ix ON payments (order_id)`, ``},
		{`ALTER TABLE payments ADD CONSTRAINT uq UNIQUE (order_id), ADD COLUMN IF NOT EXISTS ref text UNIQUE`, `payments(order_id) payments(ref)`},
		{`ALTER TABLE ONLY payments ADD PRIMARY KEY (id)`, `payments(id)`},
		{`INSERT INTO inbox (message_id, topic) VALUES ($1, $2) ON CONFLICT (message_id, topic) DO NOTHING`, `inbox(message_id,topic)`},
		{`INSERT INTO inbox (message_id) VALUES ($1) ON CONFLICT DO NOTHING`, ``},
		{`CREATE TABLE a (id int PRIMARY KEY); CREATE TABLE b (k text);`, `a(id)`},
	} {
		var got []string
		for _, k := range UniqueKeys(tt.sql) {
			got = append(got, k.Table+"("+strings.Join(k.Columns, ",")+")")
		}
		if g := strings.Join(got, " "); g != tt.want {
			t.Errorf("UniqueKeys(%q) = %q, want %q", tt.sql, g, tt.want)
		}
	}
}

func TestSerializableIsolation(t *testing.T) {
	if !SerializableIsolation(`SET TRANSACTION ISOLATION LEVEL SERIALIZABLE`) || SerializableIsolation(`SELECT 'isolation level serializable'`) {
		t.Error("SerializableIsolation")
	}
}

func TestCreatedTables(t *testing.T) {
	got := strings.Join(CreatedTables(`CREATE TABLE IF NOT EXISTS public.a (id int); create unlogged table "B" (x int); CREATE INDEX i ON a (id)`), ",")
	if got != "a,b" {
		t.Errorf("CreatedTables = %q", got)
	}
}
