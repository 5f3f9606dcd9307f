// Package port declares the interface the use case needs.
package port

import "context"

type Sender interface {
	Send(ctx context.Context, body []byte) error
}
