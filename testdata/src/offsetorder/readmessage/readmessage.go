// Package readmessage holds kafka-go ReadMessage loops.
package readmessage

import (
	"context"
	"database/sql"

	"github.com/segmentio/kafka-go"
)

func save(ctx context.Context, db *sql.DB, m kafka.Message) error {
	_, err := db.ExecContext(ctx, "INSERT INTO events(key, value) VALUES ($1, $2)", m.Key, m.Value)
	return err
}

// Bad: ReadMessage on a group reader commits before save.
func GroupReader(ctx context.Context, db *sql.DB) error { // want GroupReader:"durableWork\\(save → \\(\\*sql.DB\\).ExecContext\\)"
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"kafka:9092"}, GroupID: "billing", Topic: "orders"})
	defer r.Close()
	for {
		m, err := r.ReadMessage(ctx) // want `\(\*kafka.Reader\).ReadMessage commits the offset as it returns \(the reader has a GroupID\), before save`
		if err != nil {
			return err
		}
		if err := save(ctx, db, m); err != nil {
			return err
		}
	}
}

// Good: no GroupID, so ReadMessage commits nothing.
func PartitionReader(ctx context.Context, db *sql.DB) error { // want PartitionReader:"durableWork"
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"kafka:9092"}, Topic: "orders", Partition: 0})
	defer r.Close()
	for {
		m, err := r.ReadMessage(ctx)
		if err != nil {
			return err
		}
		if err := save(ctx, db, m); err != nil {
			return err
		}
	}
}

// Good: an explicit empty GroupID.
func EmptyGroup(ctx context.Context, db *sql.DB) error { // want EmptyGroup:"durableWork"
	cfg := kafka.ReaderConfig{Brokers: []string{"kafka:9092"}, Topic: "orders", GroupID: ""}
	r := kafka.NewReader(cfg)
	for {
		m, err := r.ReadMessage(ctx)
		if err != nil {
			return err
		}
		save(ctx, db, m)
	}
}

// Good: ReadMessage without handling (only logging the key would be here).
func Drain(ctx context.Context, r *kafka.Reader) int {
	n := 0
	for {
		if _, err := r.ReadMessage(ctx); err != nil {
			return n
		}
		n++
	}
}
