// Package otelreader reads through Trendyol's otel-kafka-konsumer, a
// tracing wrapper over kafka-go's Reader: the wrapped reader's config
// decides whether the wrapper's ReadMessage commits.
package otelreader

import (
	"context"
	"database/sql"

	otelkafkakonsumer "github.com/Trendyol/otel-kafka-konsumer"
	"github.com/segmentio/kafka-go"
)

func save(ctx context.Context, db *sql.DB, m *kafka.Message) error {
	_, err := db.ExecContext(ctx, "INSERT INTO events(key, value) VALUES ($1, $2)", m.Key, m.Value)
	return err
}

// Bad: the wrapped reader has a GroupID, so ReadMessage commits before save.
func GroupReader(ctx context.Context, db *sql.DB) error { // want GroupReader:"durableWork\\(save → \\(\\*sql.DB\\).ExecContext\\)"
	r, err := otelkafkakonsumer.NewReader(kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"kafka:9092"}, GroupID: "billing", Topic: "orders"}))
	if err != nil {
		return err
	}
	for {
		m, err := r.ReadMessage(ctx) // want `\(\*otelkafkakonsumer.Reader\).ReadMessage → \(\*kafka.Reader\).ReadMessage commits the offset as it returns \(the reader has a GroupID\), before save`
		if err != nil {
			return err
		}
		if err := save(ctx, db, m); err != nil {
			return err
		}
	}
}

// Good: the wrapped reader reads one partition (no GroupID), so
// ReadMessage commits nothing, though the package's other config has one.
func PartitionReader(ctx context.Context, db *sql.DB) error { // want PartitionReader:"durableWork"
	r, err := otelkafkakonsumer.NewReader(kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"kafka:9092"}, Topic: "orders", Partition: 0}))
	if err != nil {
		return err
	}
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

// Good: fetch, store, then commit through the wrapper.
func FetchThenCommit(ctx context.Context, r *otelkafkakonsumer.Reader, db *sql.DB) error { // want FetchThenCommit:"durableWork\\(save → \\(\\*sql.DB\\).ExecContext\\)" FetchThenCommit:"commitsOffset\\(\\(\\*otelkafkakonsumer.Reader\\).CommitMessages\\)"
	for {
		var m kafka.Message
		if err := r.FetchMessage(ctx, &m); err != nil {
			return err
		}
		if err := save(ctx, db, &m); err != nil {
			return err
		}
		if err := r.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
}

// Bad: the wrapper's CommitMessages runs before the store.
func CommitThenStore(ctx context.Context, r *otelkafkakonsumer.Reader, db *sql.DB) error { // want CommitThenStore:"durableWork\\(save → \\(\\*sql.DB\\).ExecContext\\)" CommitThenStore:"commitsOffset\\(\\(\\*otelkafkakonsumer.Reader\\).CommitMessages\\)"
	for {
		var m kafka.Message
		if err := r.FetchMessage(ctx, &m); err != nil {
			return err
		}
		if err := r.CommitMessages(ctx, m); err != nil { // want `CommitMessages`
			return err
		}
		if err := save(ctx, db, &m); err != nil {
			return err
		}
	}
}
