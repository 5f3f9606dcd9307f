// Package jetstreamacknone consumes with the explicit ack policy and acks
// each message after its write, so an unfinished one is delivered again.
package jetstreamacknone

import (
	"context"
	"database/sql"

	"github.com/nats-io/nats.go/jetstream"
)

func Start(ctx context.Context, js jetstream.JetStream, db *sql.DB) (jetstream.ConsumeContext, error) {
	cons, err := js.CreateOrUpdateConsumer(ctx, "ORDERS", jetstream.ConsumerConfig{
		Durable:   "billing",
		AckPolicy: jetstream.AckExplicitPolicy,
	})
	if err != nil {
		return nil, err
	}
	return cons.Consume(func(m jetstream.Msg) {
		if _, err := db.ExecContext(ctx, `INSERT INTO invoices (payload) VALUES ($1) ON CONFLICT DO NOTHING`, m.Data()); err != nil {
			_ = m.Nak()
			return
		}
		_ = m.Ack()
	})
}
