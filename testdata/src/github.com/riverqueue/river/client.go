// Stub of github.com/riverqueue/river v0.26.0 (client.go, insert_opts.go): only the declarations used by tests.
package river

import (
	"context"

	"github.com/riverqueue/river/rivertype"
)

// InsertOpts are optional settings for a new job.
type InsertOpts struct {
	MaxAttempts int
	Queue       string
}

// Client is a single isolated instance of River.
type Client[TTx any] struct{}

// Insert inserts a new job with the provided args, in a transaction of its own.
func (c *Client[TTx]) Insert(ctx context.Context, args JobArgs, opts *InsertOpts) (*rivertype.JobInsertResult, error) {
	return &rivertype.JobInsertResult{}, nil
}

// InsertTx inserts a new job with the provided args on the given transaction.
func (c *Client[TTx]) InsertTx(ctx context.Context, tx TTx, args JobArgs, opts *InsertOpts) (*rivertype.JobInsertResult, error) {
	return &rivertype.JobInsertResult{}, nil
}
