package httpkey

import (
	"context"
	"errors"
	"sync/atomic"

	"github.com/jackc/pgx/v5"
)

// ErrTxOwned is what Commit and Rollback return on the transaction Tx
// gives the handler: the middleware ends it, after storing the response.
// Answer 5xx to roll the work back.
var ErrTxOwned = errors.New("httpkey: the key's transaction belongs to the middleware: do not commit or roll it back; answer 5xx to roll back")

// handlerTx is the key's transaction as the handler sees it.
type handlerTx struct {
	pgx.Tx
	ended *atomic.Bool // the handler tried to end the transaction
}

func (t handlerTx) Commit(context.Context) error {
	t.ended.Store(true)
	return ErrTxOwned
}

func (t handlerTx) Rollback(context.Context) error {
	t.ended.Store(true)
	return ErrTxOwned
}
