// Package amqpnoconfirm: the outbox processor publishes through an
// interface whose RabbitMQ implementation uses a channel never put in
// confirm mode, then deletes the row.
package amqpnoconfirm

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
	amqp "github.com/rabbitmq/amqp091-go"
)

type Publisher interface {
	Publish(ctx context.Context, id string, payload []byte) error
}

// LogPublisher only logs (a development stand-in).
type LogPublisher struct{}

func (LogPublisher) Publish(ctx context.Context, id string, payload []byte) error { return nil }

type RabbitPublisher struct {
	ch    *amqp.Channel
	queue string
}

func NewRabbitPublisher(url, queue string) (*RabbitPublisher, error) {
	conn, err := amqp.Dial(url)
	if err != nil {
		return nil, err
	}
	ch, err := conn.Channel()
	if err != nil {
		return nil, err
	}
	return &RabbitPublisher{ch: ch, queue: queue}, nil
}

func (p *RabbitPublisher) Publish(ctx context.Context, id string, payload []byte) error { // want Publish:`lossy\(amqpnoconfirm.\(\*RabbitPublisher\).Publish\)`
	return p.ch.PublishWithContext(ctx, "", p.queue, false, false, amqp.Publishing{MessageId: id, Body: payload})
}

type Processor struct {
	db  *pgxpool.Pool
	pub Publisher
}

func (p *Processor) process(ctx context.Context, id string, payload []byte) {
	if err := p.pub.Publish(ctx, id, payload); err != nil { // want `relay marks rows published \(DELETE, line 52\) after amqpnoconfirm.Publisher.Publish → amqpnoconfirm.\(\*RabbitPublisher\).Publish → PublishWithContext on a channel never put in confirm mode \(relay.go:32\): without confirm mode`
		return
	}
	_, _ = p.db.Exec(ctx, "DELETE FROM outbox WHERE id = $1", id)
}
