// Stub of github.com/wagslane/go-rabbitmq v0.15.0 (publish.go, publisher_options.go,
// connection.go): only the declarations lossypublish's tests use.
package rabbitmq

import (
	"context"

	amqp "github.com/rabbitmq/amqp091-go"
)

type Conn struct{}

type PublisherOptions struct{}

type PublishOptions struct{}

type Publisher struct{}

type PublisherConfirmation []*amqp.DeferredConfirmation

func NewPublisher(conn *Conn, optionFuncs ...func(*PublisherOptions)) (*Publisher, error) {
	return &Publisher{}, nil
}

func WithPublisherOptionsConfirm(options *PublisherOptions) {}

func (publisher *Publisher) PublishWithContext(ctx context.Context, data []byte, routingKeys []string, optionFuncs ...func(*PublishOptions)) error {
	return nil
}

func (publisher *Publisher) PublishWithDeferredConfirmWithContext(ctx context.Context, data []byte, routingKeys []string, optionFuncs ...func(*PublishOptions)) (PublisherConfirmation, error) {
	return nil, nil
}
