package publishintx

import (
	"context"

	amqp "github.com/rabbitmq/amqp091-go"
)

// Publisher is the project's publisher, implemented on an amqp091 channel.
type Publisher interface {
	Publish(ctx context.Context, body []byte, contentType string) error
}

type rabbitPublisher struct {
	ch       *amqp.Channel
	exchange string
}

func (p *rabbitPublisher) Publish(ctx context.Context, body []byte, contentType string) error {
	return p.ch.PublishWithContext(ctx, p.exchange, "", false, false, amqp.Publishing{Body: body})
}
