package kafkaasync

import (
	"context"
	"database/sql"

	"github.com/segmentio/kafka-go"
)

type Row struct {
	ID      int64
	Payload []byte
}

type Publisher struct {
	writer *kafka.Writer
}

func NewPublisher(brokers []string) *Publisher {
	return &Publisher{writer: &kafka.Writer{
		Addr:         kafka.TCP(brokers...),
		Topic:        "orders",
		RequiredAcks: kafka.RequireAll,
		Async:        true,
	}}
}

// relay writes each batch and marks it; the writer is async.
func (p *Publisher) relay(ctx context.Context, db *sql.DB, rows []Row, ids []int64) error {
	msgs := make([]kafka.Message, 0, len(rows))
	for _, r := range rows {
		msgs = append(msgs, kafka.Message{Value: r.Payload})
	}
	if err := p.writer.WriteMessages(ctx, msgs...); err != nil { // want `relay marks rows published \(UPDATE, line 37\) after WriteMessages on a writer with Async: true \(relay.go:24\): an async write returns before the broker has the message`
		return err
	}
	_, err := db.ExecContext(ctx, `UPDATE outbox SET published_at = now() WHERE id = ANY($1)`, ids)
	return err
}

// The write runs in a closure kept in a local and handed to a retry helper.
func (p *Publisher) relayRetry(ctx context.Context, db *sql.DB, msgs []kafka.Message) error {
	write := func() error {
		return p.writer.WriteMessages(ctx, msgs...) // want `relay marks rows published \(DELETE, line 49\) after WriteMessages on a writer with Async: true`
	}
	if err := retry(write); err != nil {
		return err
	}
	_, err := db.ExecContext(ctx, `DELETE FROM outbox WHERE id = ANY($1)`)
	return err
}

func retry(f func() error) error { return f() }
