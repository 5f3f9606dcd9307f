// Stub of github.com/ThreeDotsLabs/watermill v1.4.6 (message/message.go, message/subscriber.go,
// message/publisher.go, message/router.go): only the declarations used by tests.
package message

import "context"

// Payload is the Message's payload.
type Payload []byte

// Metadata is sent with every message to provide extra context without unmarshaling the message payload.
type Metadata map[string]string

// Message is the basic transfer unit.
type Message struct {
	UUID     string
	Metadata Metadata
	Payload  Payload
}

// NewMessage creates a new Message with given uuid and payload.
func NewMessage(uuid string, payload Payload) *Message { return &Message{UUID: uuid, Payload: payload} }

// Ack sends message's acknowledgement.
func (m *Message) Ack() bool { return true }

// Nack sends message's negative acknowledgement.
func (m *Message) Nack() bool { return true }

// Context returns the message's context.
func (m *Message) Context() context.Context { return context.Background() }

// Subscriber is the consuming part of the Pub/Sub.
type Subscriber interface {
	Subscribe(ctx context.Context, topic string) (<-chan *Message, error)
	Close() error
}

// Publisher is the emitting part of a Pub/Sub.
type Publisher interface {
	Publish(topic string, messages ...*Message) error
	Close() error
}

// HandlerFunc is function called when message is received.
type HandlerFunc func(msg *Message) ([]*Message, error)

// NoPublishHandlerFunc is HandlerFunc alternative, which doesn't produce any messages.
type NoPublishHandlerFunc func(msg *Message) error
