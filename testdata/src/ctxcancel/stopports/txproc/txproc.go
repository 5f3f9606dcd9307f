// Package txproc processes a message in a transaction on the context it is
// given.
package txproc

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Proc struct{ pool *pgxpool.Pool }

func New(pool *pgxpool.Pool) *Proc { return &Proc{pool: pool} }

func (p *Proc) Process(ctx context.Context, msg string) error { // want Process:"reachesSink p0:tx.Commit"
	tx, err := p.pool.Begin(context.Background())
	if err != nil {
		return err
	}
	if _, err := tx.Exec(context.Background(), `INSERT INTO msgs (body) VALUES ($1)`, msg); err != nil {
		return err
	}
	return tx.Commit(ctx)
}
