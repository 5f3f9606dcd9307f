// Package consumer writes and publishes while handling consumed messages.
package consumer

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
	amqp "github.com/rabbitmq/amqp091-go"
	"github.com/segmentio/kafka-go"
)

type Worker struct {
	r    *kafka.Reader
	w    *kafka.Writer
	pool *pgxpool.Pool
}

// Run commits the offset after the write and the publish: a crash between
// them redelivers the message.
func (c *Worker) Run(ctx context.Context) error {
	for {
		m, err := c.r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if _, err := c.pool.Exec(ctx, `UPDATE balances SET amount = amount - 1 WHERE id = $1`, m.Key); err != nil {
			continue
		}
		if err := c.w.WriteMessages(ctx, kafka.Message{Value: m.Key}); err != nil {
			continue
		}
		if err := c.r.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
}

// Handle receives the message: its consumer commits after it returns.
func (c *Worker) Handle(ctx context.Context, m kafka.Message) error {
	if _, err := c.pool.Exec(ctx, `INSERT INTO seen (key) VALUES ($1)`, m.Key); err != nil {
		return err
	}
	return c.w.WriteMessages(ctx, kafka.Message{Value: m.Key})
}

// RunAuto reads with ReadMessage, which commits on return: nothing
// redelivers the reply if the process dies after the write.
func (c *Worker) RunAuto(ctx context.Context) error {
	for {
		m, err := c.r.ReadMessage(ctx)
		if err != nil {
			return err
		}
		if _, err := c.pool.Exec(ctx, `UPDATE balances SET amount = amount - 1 WHERE id = $1`, m.Key); err != nil {
			continue
		}
		c.reply(ctx, m.Key) // want `\(\*Worker\)\.RunAuto writes to the database \(\(\*pgxpool\.Pool\)\.Exec\) and then publishes \(consumer\.\(\*Worker\)\.reply → \(\*kafka\.Writer\)\.WriteMessages\)`
	}
}

func (c *Worker) reply(ctx context.Context, key []byte) {
	_ = c.w.WriteMessages(ctx, kafka.Message{Value: key})
}

// Deliveries acks each delivery after the write and the publish.
func (c *Worker) Deliveries(ctx context.Context, ch *amqp.Channel, ds <-chan amqp.Delivery) {
	for d := range ds {
		if _, err := c.pool.Exec(ctx, `INSERT INTO seen (key) VALUES ($1)`, d.Body); err != nil {
			continue
		}
		if err := ch.PublishWithContext(ctx, "x", "y", false, false, amqp.Publishing{Body: d.Body}); err != nil {
			continue
		}
		_ = d.Ack(false)
	}
}

// AckFirst acks each delivery before the write and the publish: nothing
// redelivers it if the process dies between them.
func (c *Worker) AckFirst(ctx context.Context, ch *amqp.Channel, ds <-chan amqp.Delivery) {
	for d := range ds {
		_ = d.Ack(false)
		if _, err := c.pool.Exec(ctx, `INSERT INTO seen (key) VALUES ($1)`, d.Body); err != nil {
			continue
		}
		_ = ch.PublishWithContext(ctx, "x", "y", false, false, amqp.Publishing{Body: d.Body}) // want `\(\*Worker\)\.AckFirst writes to the database`
	}
}
