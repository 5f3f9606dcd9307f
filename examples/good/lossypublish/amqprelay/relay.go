// Package amqprelay is an outbox relay that publishes in confirm mode and
// deletes a row only after the broker confirmed its message.
package amqprelay

import (
	"context"
	"database/sql"
	"errors"

	amqp "github.com/rabbitmq/amqp091-go"
)

// Publisher publishes outbox rows to RabbitMQ.
type Publisher struct {
	ch    *amqp.Channel
	queue string
}

// NewPublisher opens the channel and puts it in confirm mode.
func NewPublisher(conn *amqp.Connection, queue string) (*Publisher, error) {
	ch, err := conn.Channel()
	if err != nil {
		return nil, err
	}
	if err := ch.Confirm(false); err != nil {
		return nil, err
	}
	return &Publisher{ch: ch, queue: queue}, nil
}

// Row is one outbox row.
type Row struct {
	ID      string
	Payload []byte
}

// Relay publishes each row, waits for the broker's confirmation and
// deletes it.
func (p *Publisher) Relay(ctx context.Context, db *sql.DB, rows []Row) error {
	for _, row := range rows {
		dc, err := p.ch.PublishWithDeferredConfirmWithContext(ctx, "", p.queue, true, false, amqp.Publishing{
			MessageId:    row.ID,
			DeliveryMode: amqp.Persistent,
			Body:         row.Payload,
		})
		if err != nil {
			return err
		}
		acked, err := dc.WaitContext(ctx)
		if err != nil {
			return err
		}
		if !acked {
			return errors.New("broker refused message " + row.ID)
		}
		if _, err := db.ExecContext(ctx, `DELETE FROM outbox WHERE id = $1`, row.ID); err != nil {
			return err
		}
	}
	return nil
}
