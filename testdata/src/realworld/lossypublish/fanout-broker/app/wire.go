// want package:`wired\(1\)`

// Package app wires the relay to a fan-out over the RabbitMQ publisher:
// the first package that sees the relay and the lossy implementation.
package app

import (
	rabbitmq "github.com/wagslane/go-rabbitmq"

	"realworld/lossypublish/fanout-broker/messaging"
	"realworld/lossypublish/fanout-broker/outbox"
	"realworld/lossypublish/fanout-broker/rabbit"
)

func Wire(pub *rabbitmq.Publisher, q outbox.Queries) *outbox.Relay {
	broker := messaging.NewMultiBroker(rabbit.New(pub))
	return outbox.NewRelay(q, broker) // want `relay outbox.\(\*Relay\).processEvent \(relay.go:\d+\) marks rows published \(MarkOutboxEventProcessed, line \d+\) after messaging.Broker.Publish, wired here to rabbit.\(\*Publisher\).Publish → .*go-rabbitmq PublishWithContext`
}
