// Stub of github.com/rabbitmq/amqp091-go v1.10.0: Channel.Publish, the
// context-free publish (deprecated in favour of PublishWithContext).
package amqp091

func (ch *Channel) Publish(exchange, key string, mandatory, immediate bool, msg Publishing) error {
	return nil
}
