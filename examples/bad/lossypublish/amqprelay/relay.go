// Package amqprelay is an outbox relay that publishes on an amqp091
// channel never put in confirm mode and then deletes the row: a message
// the broker drops (a full queue, a node failing over) is gone.
package amqprelay

import (
	"context"
	"database/sql"

	amqp "github.com/rabbitmq/amqp091-go"
)

// Publisher publishes outbox rows to RabbitMQ.
type Publisher struct {
	ch    *amqp.Channel
	queue string
}

// NewPublisher opens the channel.
func NewPublisher(conn *amqp.Connection, queue string) (*Publisher, error) {
	ch, err := conn.Channel()
	if err != nil {
		return nil, err
	}
	return &Publisher{ch: ch, queue: queue}, nil
}

// Row is one outbox row.
type Row struct {
	ID      string
	Payload []byte
}

// Relay publishes each row and deletes it.
func (p *Publisher) Relay(ctx context.Context, db *sql.DB, rows []Row) error {
	for _, row := range rows {
		err := p.ch.PublishWithContext(ctx, "", p.queue, false, false, amqp.Publishing{ // want: lossypublish
			MessageId:    row.ID,
			DeliveryMode: amqp.Persistent,
			Body:         row.Payload,
		})
		if err != nil {
			return err
		}
		if _, err := db.ExecContext(ctx, `DELETE FROM outbox WHERE id = $1`, row.ID); err != nil {
			return err
		}
	}
	return nil
}
