package natscore

import (
	"context"
	"database/sql"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

type event struct {
	ID      int64
	Subject string
	Body    []byte
}

// Sender publishes one event.
type Sender func(ctx context.Context, e event) error

// SenderRelay drains the outbox through a Sender its constructors set.
type SenderRelay struct {
	db   *sql.DB
	send Sender
}

// NewStreamRelay publishes to JetStream and waits for the PubAck.
func NewStreamRelay(db *sql.DB, js jetstream.JetStream) *SenderRelay {
	return &SenderRelay{db: db, send: func(ctx context.Context, e event) error {
		_, err := js.Publish(ctx, e.Subject, e.Body)
		return err
	}}
}

// NewCoreRelay publishes on core NATS: nothing acknowledges it.
func NewCoreRelay(db *sql.DB, nc *nats.Conn) *SenderRelay {
	return &SenderRelay{db: db, send: func(_ context.Context, e event) error {
		return nc.Publish(e.Subject, e.Body)
	}}
}

// Bad: one of the values the field holds publishes on core NATS.
func (r *SenderRelay) drain(ctx context.Context, events []event) error {
	for _, e := range events {
		if err := r.send(ctx, e); err != nil { // want `relay marks rows published \(UPDATE, line 47\) after func literal in natscore\.NewCoreRelay \(sender\.go:36\) → core NATS Publish \(no acknowledgement\)`
			return err
		}
		if _, err := r.db.ExecContext(ctx, "UPDATE outbox SET sent_at = now() WHERE id = $1", e.ID); err != nil {
			return err
		}
	}
	return nil
}

// StreamRelay's field is set only to the JetStream literal.
type StreamRelay struct {
	db   *sql.DB
	send Sender
}

func NewOnlyStreamRelay(db *sql.DB, js jetstream.JetStream) *StreamRelay {
	return &StreamRelay{db: db, send: func(ctx context.Context, e event) error {
		_, err := js.Publish(ctx, e.Subject, e.Body)
		return err
	}}
}

// Good: js.Publish returns the stream's answer.
func (r *StreamRelay) drain(ctx context.Context, events []event) error {
	for _, e := range events {
		if err := r.send(ctx, e); err != nil {
			return err
		}
		if _, err := r.db.ExecContext(ctx, "UPDATE outbox SET sent_at = now() WHERE id = $1", e.ID); err != nil {
			return err
		}
	}
	return nil
}
