// Package am declares the messaging interfaces; the outbox processor (tm)
// sees only these, and the JetStream implementation lives in a package tm
// does not import (wired in main).
package am

import "context"

type MessagePublisher interface {
	Publish(ctx context.Context, topic string, data []byte) error
}
