// Package outboxbus implements the publisher port by inserting an outbox
// row: a relay publishes it later.
package outboxbus

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Outbox struct{ pool *pgxpool.Pool }

func (o *Outbox) Publish(ctx context.Context, topic string, body []byte) error {
	_, err := o.pool.Exec(ctx, `INSERT INTO outbox (topic, payload) VALUES ($1, $2)`, topic, body)
	return err
}
