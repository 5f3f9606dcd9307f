// Stub of cloud.google.com/go/pubsub/v2 v2.0.0 (message.go, subscriber.go, publisher.go): only the declarations used by tests.
package pubsub

import (
	"context"

	ipubsub "cloud.google.com/go/internal/pubsub"
)

// Message represents a Pub/Sub message.
type Message = ipubsub.Message

type Subscriber struct{}

func (s *Subscriber) Receive(ctx context.Context, f func(context.Context, *Message)) error {
	return nil
}

// PublishResult help to know error because of publishing message.
type PublishResult = ipubsub.PublishResult

type Publisher struct{}

func (p *Publisher) Publish(ctx context.Context, msg *Message) *PublishResult {
	return &PublishResult{}
}
