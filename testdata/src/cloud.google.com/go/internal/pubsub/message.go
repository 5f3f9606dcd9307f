// Stub of cloud.google.com/go v0.121.6 (internal/pubsub/message.go, internal/pubsub/publish.go): only the declarations used by tests.
package pubsub

import "context"

// Message represents a Pub/Sub message.
type Message struct {
	ID         string
	Data       []byte
	Attributes map[string]string
}

// Ack indicates successful processing of a Message passed to the Subscriber.Receive callback.
func (m *Message) Ack() {}

// Nack indicates that the client will not or cannot process a Message passed to the Subscriber.Receive callback.
func (m *Message) Nack() {}

// A PublishResult holds the result from a call to Publish.
type PublishResult struct{}

// Get returns the server-generated message ID and/or error result of a Publish call.
func (r *PublishResult) Get(ctx context.Context) (serverID string, err error) { return "", nil }
