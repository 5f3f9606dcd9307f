// Package outboxtx writes the business row and the outbox row in the same
// transaction and publishes nothing itself: the outbox pattern.
package outboxtx

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/segmentio/kafka-go"
)

type Orders struct {
	pool *pgxpool.Pool
	w    *kafka.Writer
}

func (o *Orders) Place(ctx context.Context, id string, payload []byte) error {
	return pgx.BeginFunc(ctx, o.pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `INSERT INTO orders (id) VALUES ($1)`, id); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `INSERT INTO outbox_event (topic, payload) VALUES ('orders', $1)`, payload)
		return err
	})
}

// Ping publishes a heartbeat and writes nothing.
func (o *Orders) Ping(ctx context.Context) error {
	return o.w.WriteMessages(ctx, kafka.Message{Value: []byte("ping")})
}
