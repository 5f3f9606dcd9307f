// Stub of github.com/oagudo/outbox v1.0.1 (message.go, reader.go; ID is a uuid.UUID there): only the declarations
// lossypublish's tests use.
package outbox

import "context"

type Message struct {
	ID      [16]byte
	Payload []byte
}

// MessagePublisher publishes outbox messages; the Reader deletes a message
// once Publish returns nil.
type MessagePublisher interface {
	Publish(ctx context.Context, msg *Message) error
}

type Reader struct{}

type ReaderOption func(*Reader)

func NewReader(dbCtx *DBContext, msgPublisher MessagePublisher, opts ...ReaderOption) *Reader {
	return &Reader{}
}

type DBContext struct{}
