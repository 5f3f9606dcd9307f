// Package relay publishes the notifier's outbox (Postgres) to NATS.
package relay

import (
	"context"
	"log/slog"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

type event struct {
	ID      int64
	Subject string
	Body    []byte
}

func pending(ctx context.Context, tx pgx.Tx, limit int) ([]event, error) {
	rows, err := tx.Query(ctx, `SELECT id, subject, body FROM notify_outbox WHERE sent_at IS NULL ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED`, limit)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (event, error) {
		var e event
		return e, r.Scan(&e.ID, &e.Subject, &e.Body)
	})
}

func markSent(ctx context.Context, tx pgx.Tx, id int64) error {
	_, err := tx.Exec(ctx, `UPDATE notify_outbox SET sent_at = now() WHERE id = $1`, id)
	return err
}

// Sender publishes one event.
type Sender func(ctx context.Context, e event) error

// Relay drains the outbox through send.
type Relay struct {
	pool *pgxpool.Pool
	send Sender
	log  *slog.Logger
}

// JetStream returns a relay that publishes to JetStream and waits for the
// stream's ack; the message id lets the stream drop a republished row.
func JetStream(pool *pgxpool.Pool, js jetstream.JetStream, log *slog.Logger) *Relay {
	return &Relay{pool: pool, log: log, send: func(ctx context.Context, e event) error {
		_, err := js.Publish(ctx, e.Subject, e.Body, jetstream.WithMsgID("outbox-"+strconv.FormatInt(e.ID, 10)))
		return err
	}}
}

// Core returns a relay for the presence fan-out, which has no stream: it
// publishes on core NATS.
func Core(pool *pgxpool.Pool, nc *nats.Conn, log *slog.Logger) *Relay {
	return &Relay{pool: pool, log: log, send: func(_ context.Context, e event) error {
		return nc.Publish(e.Subject, e.Body) // planted: core NATS (*nats.Conn).Publish (no ack) in the Sender closure Core stores in Relay.send (finding at line 89, where drain calls it and marks the row)
	}}
}

// Run drains every second until ctx is done; each pass runs on a detached
// context with its own deadline.
func (r *Relay) Run(ctx context.Context) {
	for {
		select {
		case <-ctx.Done():
			return
		case <-time.After(time.Second):
		}
		pass, cancel := context.WithTimeout(context.WithoutCancel(ctx), 20*time.Second)
		if err := r.drain(pass); err != nil {
			r.log.Error("relay", "err", err)
		}
		cancel()
	}
}

func (r *Relay) drain(ctx context.Context) error {
	return pgx.BeginFunc(ctx, r.pool, func(tx pgx.Tx) error {
		events, err := pending(ctx, tx, 200)
		if err != nil {
			return err
		}
		for _, e := range events {
			if err := r.send(ctx, e); err != nil { // want: lossypublish — r.send may be Core's closure (core NATS Publish, no ack); markSent follows
				return err
			}
			if err := markSent(ctx, tx, e.ID); err != nil {
				return err
			}
		}
		return nil
	})
}
