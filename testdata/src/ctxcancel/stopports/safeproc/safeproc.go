// Package safeproc commits on a context detached from the caller's, with
// a deadline.
package safeproc

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Proc struct{ pool *pgxpool.Pool }

func New(pool *pgxpool.Pool) *Proc { return &Proc{pool: pool} }

func (p *Proc) Process(ctx context.Context, msg string) error {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
	defer cancel()
	tx, err := p.pool.Begin(ctx)
	if err != nil {
		return err
	}
	return tx.Commit(ctx)
}
