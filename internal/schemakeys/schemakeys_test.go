package schemakeys

import (
	"os"
	"path/filepath"
	"testing"
)

func write(t *testing.T, path, data string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestForDir(t *testing.T) {
	root := t.TempDir()
	write(t, filepath.Join(root, "go.mod"), "module m\n")
	write(t, filepath.Join(root, "migrations", "001.sql"), `CREATE TABLE orders (id uuid PRIMARY KEY, idempotency_key text, tenant text);
CREATE UNIQUE INDEX ON orders (tenant, idempotency_key);
CREATE TABLE payments (order_id bigint);`)
	write(t, filepath.Join(root, "db", "query.sql"), `-- name: Claim :exec
INSERT INTO inbox (message_id) VALUES ($1) ON CONFLICT (message_id) DO NOTHING;`)
	write(t, filepath.Join(root, "vendor", "x.sql"), `CREATE TABLE payments (order_id bigint PRIMARY KEY);`)
	write(t, filepath.Join(root, "sub", "go.mod"), "module m/sub\n")
	write(t, filepath.Join(root, "sub", "s.sql"), `CREATE TABLE payments (order_id bigint UNIQUE);`)
	write(t, filepath.Join(root, "internal", "svc", "svc.go"), "package svc\n")
	write(t, filepath.Join(root, "internal", "repo", "schema.go"), "package repo\n\nvar migrations = []string{\n\t`CREATE TABLE IF NOT EXISTS carts (id uuid PRIMARY KEY, token text)`,\n\t\"CREATE UNIQUE INDEX carts_token ON carts (token)\",\n}\n")
	write(t, filepath.Join(root, "internal", "repo", "schema_test.go"), "package repo\n\nconst x = `CREATE TABLE IF NOT EXISTS fixtures (id int PRIMARY KEY)`\n")
	write(t, filepath.Join(root, "atlas", "schema.hcl"), `schema "public" {}
table "events" {
  schema = schema.public
  column "id" { type = bigint }
  column "event_id" { type = text }
  column "kind" { type = text }
  primary_key {
    columns = [column.id]
  }
  index "events_event_id" {
    unique  = true
    columns = [column.event_id, column.kind]
  }
  index "events_kind" {
    columns = [column.kind]
  }
}
`)

	s := ForDir(filepath.Join(root, "internal", "svc"))
	for _, tt := range []struct {
		table  string
		cols   []string
		unique bool
	}{
		{"orders", []string{"id"}, true},
		{"orders", []string{"idempotency_key"}, false},
		{"orders", []string{"idempotency_key", "tenant"}, true},
		{"inbox", []string{"message_id"}, true},
		{"payments", []string{"order_id"}, false}, // vendor/ and the nested module are not this module's
		{"events", []string{"id"}, true},
		{"events", []string{"kind", "event_id"}, true},
		{"events", []string{"kind"}, false},
		{"carts", []string{"token"}, true},
		{"fixtures", []string{"id"}, false}, // test files do not count
	} {
		if got := s.Unique(tt.table, tt.cols...); got != tt.unique {
			t.Errorf("Unique(%s, %v) = %v, want %v", tt.table, tt.cols, got, tt.unique)
		}
	}
	if !s.HasTable("payments") || s.HasTable("refunds") {
		t.Errorf("HasTable: payments %v, refunds %v", s.HasTable("payments"), s.HasTable("refunds"))
	}
	if s2 := ForDir(root); s2 != s {
		t.Error("the schema of a module is not cached")
	}
	if got := ForDir(string(filepath.Separator)); got.Root != "" && got.HasTable("orders") {
		t.Error("a directory outside the module sees its schema")
	}
}
