// Stub of github.com/nats-io/nats.go v1.37.0 (nats.go, js.go, jsm.go): only the declarations used by tests.
package nats

// Header represents the optional Header for a NATS message.
type Header map[string][]string

// Get gets the first value associated with the given key.
func (h Header) Get(key string) string {
	if v := h[key]; len(v) > 0 {
		return v[0]
	}
	return ""
}

// Msg represents a message delivered by NATS.
type Msg struct {
	Subject string
	Reply   string
	Header  Header
	Data    []byte
}

// AckOpt are the options that can be passed when acknowledge a message.
type AckOpt interface{}

// Ack acknowledges a message.
func (m *Msg) Ack(opts ...AckOpt) error { return nil }

// Nak negatively acknowledges a message.
func (m *Msg) Nak(opts ...AckOpt) error { return nil }

// Term tells the server to not redeliver this message.
func (m *Msg) Term(opts ...AckOpt) error { return nil }

// MsgHandler is a callback function that processes messages delivered to
// asynchronous subscribers.
type MsgHandler func(msg *Msg)

// Subscription represents interest in a given subject.
type Subscription struct{}

// SubOpt configures options for subscribing to JetStream consumers.
type SubOpt interface{}

// PubOpt configures options for publishing JetStream messages.
type PubOpt interface{}

// PubAck is an ack received after successfully publishing a message.
type PubAck struct {
	Stream   string
	Sequence uint64
}

// JetStream allows persistent messaging through JetStream.
type JetStream interface {
	PublishMsg(m *Msg, opts ...PubOpt) (*PubAck, error)
	PublishMsgAsync(m *Msg, opts ...PubOpt) (PubAckFuture, error)
	PublishAsync(subj string, data []byte, opts ...PubOpt) (PubAckFuture, error)
	PublishAsyncComplete() <-chan struct{}
	Subscribe(subj string, cb MsgHandler, opts ...SubOpt) (*Subscription, error)
	QueueSubscribe(subj, queue string, cb MsgHandler, opts ...SubOpt) (*Subscription, error)
}

// JetStreamContext allows JetStream messaging and stream management.
type JetStreamContext interface {
	JetStream
}
