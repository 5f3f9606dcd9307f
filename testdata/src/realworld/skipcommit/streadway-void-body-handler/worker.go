// Package worker settles payments queued on RabbitMQ (batch 6 sweep: a
// payment gateway's worker, streadway/amqp). The loop hands only the body to
// a handler with no result and acks after it. A failed update (also a
// transient database error) is logged and the handler returns: the delivery
// is acked anyway and the payment stays PENDING for good.
package worker

import (
	"database/sql"
	"log"
	"strconv"

	"github.com/streadway/amqp"
)

var db *sql.DB

func Run(msgs <-chan amqp.Delivery) { // want Run:`commitsOffset\(amqp\.Delivery\.Ack\)` Run:`durableWork\(settle → markSettled → \(\*sql\.Tx\)\.Exec\)`
	for d := range msgs {
		settle(d.Body)
		d.Ack(false)
	}
}

func settle(body []byte) {
	id, err := strconv.Atoi(string(body))
	if err != nil {
		log.Printf("invalid payment id %q", body)
		return
	}
	if err := markSettled(id); err != nil {
		log.Printf("settle payment %d: %v", id, err)
		return // want `returns without an error`
	}
}

func markSettled(id int) error {
	tx, err := db.Begin()
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.Exec(`UPDATE payments SET status = 'SUCCESS' WHERE id = $1 AND status = 'PENDING'`, id); err != nil {
		return err
	}
	return tx.Commit()
}
