package pgtest

import (
	"context"
	"os"
	"testing"
)

func TestMain(m *testing.M) { os.Exit(Main(m)) }

func TestNewDB(t *testing.T) {
	pool := NewDB(t, "CREATE TABLE t (id int PRIMARY KEY)")
	var n int
	if err := pool.QueryRow(context.Background(), "SELECT count(*) FROM t").Scan(&n); err != nil {
		t.Fatal(err)
	}
	if n != 0 {
		t.Fatalf("count = %d", n)
	}
}
