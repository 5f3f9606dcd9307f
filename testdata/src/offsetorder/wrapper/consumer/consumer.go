// Package consumer handles messages that reach it behind the project's
// interfaces of package delivery.
package consumer

import (
	"context"
	"database/sql"
	"log"

	amqp "github.com/rabbitmq/amqp091-go"
	"github.com/segmentio/kafka-go"

	"offsetorder/wrapper/delivery"
)

// Bad: the delivery is acked through the adapter, then copied to the
// retry queue: a crash or a failed publish in between drops it.
func retry(ctx context.Context, ch *amqp.Channel, d delivery.Delivery) {
	if err := d.Ack(false); err != nil { // want `message acknowledged by delivery\.Delivery\.Ack → \(\*delivery\.Adapter\)\.Ack → amqp091\.Delivery\.Ack before \(\*amqp091\.Channel\)\.PublishWithContext \(consumer\.go:\d+\) handles the message`
		log.Printf("ack: %v", err)
	}
	if err := ch.PublishWithContext(ctx, "retry", "q.retry", false, false, amqp.Publishing{Body: d.Body()}); err != nil {
		log.Printf("retry publish: %v", err)
	}
}

// Good: the copy is in the retry queue before the original is acked.
func retryAfterPublish(ctx context.Context, ch *amqp.Channel, d delivery.Delivery) {
	if err := ch.PublishWithContext(ctx, "retry", "q.retry", false, false, amqp.Publishing{Body: d.Body()}); err != nil {
		_ = d.Nack(false, true)
		return
	}
	_ = d.Ack(false)
}

// Good: after the ack, only the message's own accessor (for a log line):
// a wrapper's methods are no work on the message.
func ackThenLog(d delivery.Delivery) {
	_ = d.Ack(false)
	log.Printf("done: %s", d.Body())
}

// Bad: the ack, passed the delivery through a helper, overtakes the write.
func ackFirst(d delivery.Delivery) {
	_ = d.Ack(false)
}

func Handle(ctx context.Context, db *sql.DB, d delivery.Delivery) error { // want Handle:"commitsOffset" Handle:"durableWork"
	ackFirst(d) // want `message acknowledged by ackFirst → delivery\.Delivery\.Ack → … → amqp091\.Delivery\.Ack before \(\*sql\.DB\)\.ExecContext`
	_, err := db.ExecContext(ctx, "INSERT INTO processed_event(event_id) VALUES ($1)", string(d.Body()))
	return err
}

// Run feeds the handler from the broker through the adapter.
func Run(ctx context.Context, ch *amqp.Channel, db *sql.DB) error { // want Run:"commitsOffset" Run:"durableWork"
	msgs, err := ch.Consume("orders", "", false, false, false, false, nil)
	if err != nil {
		return err
	}
	for m := range msgs {
		if err := Handle(ctx, db, delivery.NewAdapter(m)); err != nil {
			log.Printf("handle: %v", err)
		}
	}
	return nil
}

// Bad: a Kafka record behind the project's interface, committed before
// the write.
func CommitFirst(ctx context.Context, r *kafka.Reader, db *sql.DB) error { // want CommitFirst:"commitsOffset" CommitFirst:"durableWork"
	for {
		rec, err := delivery.Fetch(ctx, r)
		if err != nil {
			return err
		}
		save(ctx, db, rec)
	}
}

func save(ctx context.Context, db *sql.DB, rec delivery.Record) {
	if err := rec.Commit(ctx); err != nil { // want `offset committed by delivery\.Record\.Commit → delivery\.kafkaRecord\.Commit → \(\*kafka\.Reader\)\.CommitMessages before \(\*sql\.DB\)\.ExecContext`
		return
	}
	_, _ = db.ExecContext(ctx, "INSERT INTO processed_event(event_id) VALUES ($1)", string(rec.Value()))
}

// Good: the record is committed after the write.
func saveThenCommit(ctx context.Context, db *sql.DB, rec delivery.Record) error {
	if _, err := db.ExecContext(ctx, "INSERT INTO processed_event(event_id) VALUES ($1)", string(rec.Value())); err != nil {
		return err
	}
	return rec.Commit(ctx)
}

// Good: a Job of an in-memory queue is no consumed message; its Done is
// no ack (and there is no message here at all).
func doneFirst(ctx context.Context, db *sql.DB, j delivery.Job) error {
	_ = j.Done()
	_, err := db.ExecContext(ctx, "INSERT INTO processed_event(event_id) VALUES ($1)", string(j.Payload()))
	return err
}

// Good (for this rule): a Task may be a delivery or a replayed line; its
// Ack is not known to ack a consumed message.
func taskAckFirst(ctx context.Context, db *sql.DB, t delivery.Task) error {
	_ = t.Ack()
	_, err := db.ExecContext(ctx, "INSERT INTO processed_event(event_id) VALUES ($1)", string(t.Data()))
	return err
}
