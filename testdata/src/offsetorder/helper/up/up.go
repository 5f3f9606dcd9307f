// Package up commits offsets and stores events for package down.
package up

import (
	"context"
	"database/sql"

	"github.com/IBM/sarama"
	"github.com/segmentio/kafka-go"
)

// Ack commits a message's offset.
func Ack(ctx context.Context, r *kafka.Reader, m kafka.Message) error { // want Ack:"commitsOffset\\(\\(\\*kafka.Reader\\).CommitMessages\\)"
	return r.CommitMessages(ctx, m)
}

// Mark marks a sarama message.
func Mark(sess sarama.ConsumerGroupSession, m *sarama.ConsumerMessage) { // want Mark:"commitsOffset\\(sarama.ConsumerGroupSession.MarkMessage\\)"
	sess.MarkMessage(m, "")
}

// Store writes an event.
func Store(ctx context.Context, db *sql.DB, key []byte) error { // want Store:"durableWork\\(\\(\\*sql.DB\\).ExecContext\\)"
	_, err := db.ExecContext(ctx, "INSERT INTO events(key) VALUES ($1)", key)
	return err
}

// Format does nothing durable.
func Format(key []byte) string { return string(key) }
