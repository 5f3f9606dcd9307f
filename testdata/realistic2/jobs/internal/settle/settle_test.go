package settle

import (
	"context"
	"testing"
	"time"

	"github.com/jmoiron/sqlx"
	"github.com/segmentio/kafka-go"
)

func TestCloseTwice(t *testing.T) {
	db, err := sqlx.Open("postgres", "postgres://localhost/settle_test?sslmode=disable")
	if err != nil {
		t.Skip(err)
	}
	s := &Settler{DB: db, Writer: &kafka.Writer{Addr: kafka.TCP("localhost:9092")}}
	ctx := context.Background()
	day := time.Date(2025, 1, 2, 0, 0, 0, 0, time.UTC)
	first, err := s.Close(ctx, "m1", day)
	if err != nil {
		t.Skip(err)
	}
	second, err := s.Close(ctx, "m1", day)
	if err != nil {
		t.Fatal(err)
	}
	if first == "" || second != "" {
		t.Fatalf("first %q second %q", first, second)
	}
	if err := s.Announce(ctx, first); err != nil {
		t.Skip(err)
	}
}
