// Package acknone holds JetStream consumers that need no acks (nats.go's
// nats.AckNone(), the jetstream package's AckNonePolicy) and their
// explicit-ack counterparts.
package acknone

import (
	"context"
	"database/sql"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// Bad: AckNone, the handler writes the row.
func SubscribeAckNone(js nats.JetStreamContext, db *sql.DB) error {
	_, err := js.Subscribe("orders.*", func(m *nats.Msg) { // want `nats\.JetStream\.Subscribe with nats\.AckNone\(\): JetStream takes each message as acknowledged when it delivers it, before the handler's func literal → \(\*sql\.DB\)\.Exec`
		db.Exec("INSERT INTO orders (body) VALUES ($1)", m.Data)
	}, nats.AckNone())
	return err
}

type Handler struct{ db *sql.DB }

func (h *Handler) handle(m *nats.Msg) { // want handle:"durableWork"
	h.db.Exec("INSERT INTO orders (body) VALUES ($1)", m.Data)
}

// Bad: the same with a queue group and a method value.
func (h *Handler) Start(js nats.JetStreamContext) error {
	_, err := js.QueueSubscribe("orders.*", "workers", h.handle, nats.AckNone()) // want `QueueSubscribe with nats\.AckNone\(\): .* before the handler's \(\*Handler\)\.handle → \(\*sql\.DB\)\.Exec`
	return err
}

// Bad: a jetstream consumer created with AckNonePolicy and consumed.
func ConsumeAckNone(ctx context.Context, js jetstream.JetStream, db *sql.DB) error {
	cons, err := js.CreateOrUpdateConsumer(ctx, "ORDERS", jetstream.ConsumerConfig{ // want `jetstream\.StreamConsumerManager\.CreateOrUpdateConsumer from a ConsumerConfig with AckPolicy AckNonePolicy: .* before the handler's func literal → \(\*sql\.DB\)\.ExecContext`
		Durable:   "orders",
		AckPolicy: jetstream.AckNonePolicy,
	})
	if err != nil {
		return err
	}
	_, err = cons.Consume(func(m jetstream.Msg) {
		db.ExecContext(ctx, "INSERT INTO orders (body) VALUES ($1)", m.Data())
	})
	return err
}

// Good: the default (explicit) ack policy, acked after the write.
func SubscribeExplicit(js nats.JetStreamContext, db *sql.DB) error {
	_, err := js.Subscribe("orders.*", func(m *nats.Msg) {
		if _, err := db.Exec("INSERT INTO orders (body) VALUES ($1)", m.Data); err != nil {
			_ = m.Nak()
			return
		}
		_ = m.Ack()
	}, nats.AckExplicit())
	return err
}

// Good: AckExplicitPolicy, acked after the write.
func ConsumeExplicit(ctx context.Context, js jetstream.JetStream, db *sql.DB) error {
	cons, err := js.CreateOrUpdateConsumer(ctx, "ORDERS", jetstream.ConsumerConfig{Durable: "orders", AckPolicy: jetstream.AckExplicitPolicy})
	if err != nil {
		return err
	}
	_, err = cons.Consume(func(m jetstream.Msg) {
		if _, err := db.ExecContext(ctx, "INSERT INTO orders (body) VALUES ($1)", m.Data()); err == nil {
			_ = m.Ack()
		}
	})
	return err
}

// Good: AckNone for a handler that only reads (a cache warm-up, metrics):
// nothing durable to lose.
func SubscribeAckNoneNoWork(js nats.JetStreamContext, seen map[string]int) error {
	_, err := js.Subscribe("orders.*", func(m *nats.Msg) {
		seen[m.Subject]++
	}, nats.AckNone())
	return err
}
