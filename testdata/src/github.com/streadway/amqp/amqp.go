// Stub of github.com/streadway/amqp v1.1.0 (channel.go, delivery.go, types.go, connection.go):
// only the declarations used by tests.
package amqp

type Table map[string]interface{}

type Connection struct{}

func Dial(url string) (*Connection, error) { return &Connection{}, nil }

func (c *Connection) Channel() (*Channel, error) { return &Channel{}, nil }

type Channel struct{}

type Queue struct{ Name string }

func (ch *Channel) QueueDeclare(name string, durable, autoDelete, exclusive, noWait bool, args Table) (Queue, error) {
	return Queue{Name: name}, nil
}

func (ch *Channel) Consume(queue, consumer string, autoAck, exclusive, noLocal, noWait bool, args Table) (<-chan Delivery, error) {
	return nil, nil
}

func (ch *Channel) Publish(exchange, key string, mandatory, immediate bool, msg Publishing) error {
	return nil
}

func (ch *Channel) Close() error { return nil }

type Publishing struct {
	ContentType string
	MessageId   string
	Body        []byte
}

type Delivery struct {
	Headers     Table
	MessageId   string
	DeliveryTag uint64
	Body        []byte
}

func (d Delivery) Ack(multiple bool) error { return nil }

func (d Delivery) Nack(multiple, requeue bool) error { return nil }

func (d Delivery) Reject(requeue bool) error { return nil }
