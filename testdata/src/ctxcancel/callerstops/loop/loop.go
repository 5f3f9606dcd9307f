// Package loop: an exported worker whose loop stops on its context. With
// -callerstops the loop is a shutdown source only where a caller in another
// package passes a context that may be cancelled; the package itself
// reports nothing and records the loop in a StopsOn fact.
package loop

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Worker struct{ Pool *pgxpool.Pool }

func (w *Worker) Run(ctx context.Context) { // want Run:"reachesSink p0:step→tx.Commit" Run:"stopsOn p0:ctx.Done\\(\\)@loop.go:18"
	for {
		select {
		case <-ctx.Done():
			return
		default:
		}
		_ = w.step(ctx)
	}
}

func (w *Worker) step(ctx context.Context) error { // want step:"reachesSink p0:tx.Commit"
	tx, err := w.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	return tx.Commit(ctx)
}
