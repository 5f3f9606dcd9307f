// Stub of github.com/jackc/pgx/v5 v5.7.6 (batch.go): only the declarations used by tests.
package pgx

import (
	"context"

	"github.com/jackc/pgx/v5/pgconn"
)

type BatchResults interface {
	// Exec reads the results from the next query in the batch as if the query has been sent with Conn.Exec. Prefer
	// calling Exec on the QueuedQuery, or just calling Close.
	Exec() (pgconn.CommandTag, error)

	// Query reads the results from the next query in the batch as if the query has been sent with Conn.Query. Prefer
	// calling Query on the QueuedQuery.
	Query() (Rows, error)

	// QueryRow reads the results from the next query in the batch as if the query has been sent with Conn.QueryRow.
	// Prefer calling QueryRow on the QueuedQuery.
	QueryRow() Row

	// Close closes the batch operation.
	Close() error
}

// SendBatch sends all queued queries to the server at once.
func (c *Conn) SendBatch(ctx context.Context, b *Batch) (br BatchResults) { return nil }
