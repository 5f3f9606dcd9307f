// Stub of github.com/jackc/pgx/v4 v4.18.3 (tx.go, conn.go): only the declarations used by tests.
package pgx

import "context"

type Conn struct{}

type TxOptions struct {
	BeginQuery string
}

type Tx interface {
	Begin(ctx context.Context) (Tx, error)
	BeginFunc(ctx context.Context, f func(Tx) error) (err error)
	Commit(ctx context.Context) error
	Rollback(ctx context.Context) error
}

func (c *Conn) Begin(ctx context.Context) (Tx, error) { return nil, nil }

func (c *Conn) BeginTx(ctx context.Context, txOptions TxOptions) (Tx, error) { return nil, nil }

func (c *Conn) BeginFunc(ctx context.Context, f func(Tx) error) (err error) { return nil }

func (c *Conn) BeginTxFunc(ctx context.Context, txOptions TxOptions, f func(Tx) error) (err error) {
	return nil
}
