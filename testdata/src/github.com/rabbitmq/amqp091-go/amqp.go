// Stub of github.com/rabbitmq/amqp091-go v1.10.0 (channel.go, delivery.go, types.go, connection.go):
// only the declarations used by tests.
package amqp091

import "context"

type Table map[string]interface{}

type Connection struct{}

type Channel struct{}

// Acknowledger notifies the server of successful or failed consumption of deliveries.
type Acknowledger interface {
	Ack(tag uint64, multiple bool) error
	Nack(tag uint64, multiple bool, requeue bool) error
	Reject(tag uint64, requeue bool) error
}

// Delivery captures the fields for a previously delivered message.
type Delivery struct {
	Acknowledger  Acknowledger
	Headers       Table
	MessageId     string
	DeliveryTag   uint64
	Redelivered   bool
	ReplyTo       string
	CorrelationId string
	Body          []byte
}

// Publishing captures the client message sent to the server.
type Publishing struct {
	Headers       Table
	MessageId     string
	CorrelationId string
	Body          []byte
}

func Dial(url string) (*Connection, error) { return &Connection{}, nil }

func (c *Connection) Channel() (*Channel, error) { return &Channel{}, nil }

func (ch *Channel) Consume(queue, consumer string, autoAck, exclusive, noLocal, noWait bool, args Table) (<-chan Delivery, error) {
	return nil, nil
}

func (ch *Channel) PublishWithContext(_ context.Context, exchange, key string, mandatory, immediate bool, msg Publishing) error {
	return nil
}

func (ch *Channel) Ack(tag uint64, multiple bool) error { return nil }

func (d Delivery) Ack(multiple bool) error { return nil }

func (d Delivery) Reject(requeue bool) error { return nil }

func (d Delivery) Nack(multiple, requeue bool) error { return nil }
