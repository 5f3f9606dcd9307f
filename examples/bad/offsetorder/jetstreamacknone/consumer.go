// Package jetstreamacknone consumes a JetStream stream with a consumer that
// needs no acks: the server counts each message as acknowledged when it
// delivers it, so a crash during the write loses it.
package jetstreamacknone

import (
	"context"
	"database/sql"

	"github.com/nats-io/nats.go/jetstream"
)

func Start(ctx context.Context, js jetstream.JetStream, db *sql.DB) (jetstream.ConsumeContext, error) {
	cons, err := js.CreateOrUpdateConsumer(ctx, "ORDERS", jetstream.ConsumerConfig{ // want: offsetorder
		Durable:   "billing",
		AckPolicy: jetstream.AckNonePolicy,
	})
	if err != nil {
		return nil, err
	}
	return cons.Consume(func(m jetstream.Msg) {
		_, _ = db.ExecContext(ctx, `INSERT INTO invoices (payload) VALUES ($1)`, m.Data())
	})
}
