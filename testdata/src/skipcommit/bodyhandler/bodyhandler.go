// Package bodyhandler holds loops that hand a handler only the message's
// data (an amqp091 delivery's Body, a kafka-go message's Value) and ack or
// commit the message after it returns.
package bodyhandler

import (
	"context"
	"database/sql"
	"log"
	"strconv"

	amqp "github.com/rabbitmq/amqp091-go"
	"github.com/segmentio/kafka-go"
)

var db *sql.DB

// Bad: settle has no result; its failed update is logged and the loop acks
// the delivery anyway.
func settleAll(deliveries <-chan amqp.Delivery) {
	for d := range deliveries {
		settle(d.Body)
		_ = d.Ack(false)
	}
}

func settle(body []byte) {
	id, err := strconv.Atoi(string(body))
	if err != nil {
		log.Printf("invalid id %q", body) // a payload that can never be valid
		return
	}
	if _, err := db.Exec(`UPDATE payments SET status = 'SETTLED' WHERE id = $1`, id); err != nil {
		log.Printf("settle %d: %v", id, err)
		return // want `\(\*sql.DB\).Exec fails \(bodyhandler.go:33\) and settle returns without an error \(it has no result to report one\): its caller then commits the message, amqp091.Delivery.Ack \(bodyhandler.go:23\)`
	}
}

// Bad: store returns nil after its failed insert; the loop commits the
// message when it returns nil.
func storeAll(ctx context.Context, r *kafka.Reader) error {
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := store(ctx, m.Value); err != nil {
			return err
		}
		if err := r.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
}

func store(ctx context.Context, value []byte) error {
	if _, err := db.ExecContext(ctx, `INSERT INTO events (payload) VALUES ($1)`, value); err != nil {
		log.Printf("store: %v", err)
		return nil // want `\(\*sql.DB\).ExecContext fails \(bodyhandler.go:57\) and store returns nil: its caller then commits the message, \(\*kafka.Reader\).CommitMessages \(bodyhandler.go:50\)`
	}
	return nil
}

// Good: the handler returns its error and the loop requeues the delivery.
func applyAll(deliveries <-chan amqp.Delivery) {
	for d := range deliveries {
		if err := apply(d.Body); err != nil {
			_ = d.Nack(false, true)
			continue
		}
		_ = d.Ack(false)
	}
}

func apply(body []byte) error {
	_, err := db.Exec(`UPDATE payments SET status = 'APPLIED' WHERE ref = $1`, string(body))
	return err
}

// Good: the handler is given the Body but its caller does not ack after it
// (the delivery is acked before, auto-ack style): nothing the handler
// returns changes what happens to the delivery, and no ack passes it.
func auditAll(deliveries <-chan amqp.Delivery) {
	for d := range deliveries {
		audit(d.Body)
	}
}

func audit(body []byte) {
	if _, err := db.Exec(`INSERT INTO audit (payload) VALUES ($1)`, body); err != nil {
		log.Printf("audit: %v", err)
		return
	}
}
