// Package stacks holds outbox relays on brokers other than Kafka whose
// publish gets the shutdown context.
package stacks

import (
	"context"
	"time"

	"cloud.google.com/go/pubsub/v2"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/nats-io/nats.go/jetstream"
	amqp "github.com/rabbitmq/amqp091-go"
)

func AMQPRelay(ctx context.Context, ch *amqp.Channel, next func() []byte) {
	for {
		select {
		case <-ctx.Done():
			return
		case <-time.After(time.Second):
		}
		_ = ch.PublishWithContext(ctx, "events", "order", false, false, amqp.Publishing{Body: next()}) // want `ctx is cancelled on shutdown \(stop signal ctx.Done\(\) at stacks.go:18\) and reaches .*PublishWithContext`
	}
}

func JetStreamRelay(ctx context.Context, js jetstream.JetStream, next func() []byte) error {
	for ctx.Err() == nil {
		if _, err := js.Publish(ctx, "orders", next()); err != nil { // want `ctx is cancelled on shutdown \(stop signal ctx.Err\(\) at stacks.go:27\) and reaches .*\.Publish\b`
			return err
		}
	}
	return nil
}

func SQSRelay(ctx context.Context, c *sqs.Client, q *string, next func() *string) {
	for {
		select {
		case <-ctx.Done():
			return
		default:
		}
		_, _ = c.SendMessage(ctx, &sqs.SendMessageInput{QueueUrl: q, MessageBody: next()}) // want `ctx is cancelled on shutdown .* and reaches .*SendMessage`
	}
}

func PubSubRelay(ctx context.Context, p *pubsub.Publisher, next func() *pubsub.Message) {
	for ctx.Err() == nil {
		_, _ = p.Publish(ctx, next()).Get(ctx) // want `ctx is cancelled on shutdown .* and reaches .*Get`
	}
}

// Good: the publish gets a context detached from shutdown, with a deadline.
func AMQPRelayGood(ctx context.Context, ch *amqp.Channel, next func() []byte) {
	for {
		select {
		case <-ctx.Done():
			return
		case <-time.After(time.Second):
		}
		pctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
		_ = ch.PublishWithContext(pctx, "events", "order", false, false, amqp.Publishing{Body: next()})
		cancel()
	}
}
