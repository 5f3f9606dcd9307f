// Stub of cloud.google.com/go v0.121.6 (internal/pubsub/message.go): only the declarations used by tests.
package pubsub

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
