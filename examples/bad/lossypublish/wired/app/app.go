// Package app wires the relay to the RabbitMQ publisher: where the relay
// and its lossy publisher meet, the finding is reported.
package app

import (
	"database/sql"

	amqp "github.com/rabbitmq/amqp091-go"

	"github.com/idemlint/idemlint/examples/bad/lossypublish/wired/rabbit"
	"github.com/idemlint/idemlint/examples/bad/lossypublish/wired/relay"
)

// Build returns the relay.
func Build(db *sql.DB, conn *amqp.Connection) (*relay.Relay, error) {
	pub, err := rabbit.New(conn, "events")
	if err != nil {
		return nil, err
	}
	return relay.New(db, pub), nil // want: lossypublish
}
