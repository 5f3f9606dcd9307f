// Stub of github.com/nats-io/nats.go v1.37.0 (nats.go, js.go): the core connection and
// asynchronous JetStream publishing lossypublish's tests use.
package nats

type Conn struct{}

type Option func(*Options) error

type Options struct{}

func Connect(url string, options ...Option) (*Conn, error) { return &Conn{}, nil }

func (nc *Conn) Publish(subj string, data []byte) error { return nil }

func (nc *Conn) PublishMsg(m *Msg) error { return nil }

type JSOpt interface{}

func (nc *Conn) JetStream(opts ...JSOpt) (JetStreamContext, error) { return nil, nil }

// PubAckFuture is a future for a PubAck.
type PubAckFuture interface {
	Ok() <-chan *PubAck
	Err() <-chan error
	Msg() *Msg
}
