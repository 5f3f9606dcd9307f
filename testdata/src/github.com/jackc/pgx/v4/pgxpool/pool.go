// Stub of github.com/jackc/pgx/v4 v4.18.3 (pgxpool/pool.go): only the declarations used by tests.
package pgxpool

import (
	"context"

	"github.com/jackc/pgx/v4"
)

type Pool struct{}

func (p *Pool) Begin(ctx context.Context) (pgx.Tx, error) { return nil, nil }

func (p *Pool) BeginTx(ctx context.Context, txOptions pgx.TxOptions) (pgx.Tx, error) { return nil, nil }

func (p *Pool) BeginFunc(ctx context.Context, f func(pgx.Tx) error) error { return nil }

func (p *Pool) BeginTxFunc(ctx context.Context, txOptions pgx.TxOptions, f func(pgx.Tx) error) error {
	return nil
}
