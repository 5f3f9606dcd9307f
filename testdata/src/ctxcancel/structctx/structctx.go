// Package structctx: a batch object built by a constructor keeps the
// worker's context in a field, and its commit method hands it to the sink.
package structctx

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

type Worker struct{ pool *pgxpool.Pool }

type job struct {
	tx  pgx.Tx
	ctx context.Context
}

func newJob(ctx context.Context, tx pgx.Tx) *job { return &job{tx: tx, ctx: ctx} }

func (j *job) commit() error { // want commit:"reachesSink recv.f1:tx.Commit"
	return j.tx.Commit(j.ctx) // want `j.ctx is cancelled on shutdown \(stop signal ctx.Done\(\) at structctx.go:\d+, via Run\) and reaches tx.Commit`
}

func (w *Worker) Run(ctx context.Context) {
	for {
		select {
		case <-ctx.Done():
			return
		default:
		}
		tx, _ := w.pool.Begin(ctx)
		j := newJob(ctx, tx)
		_ = j.commit() // reported where the fix goes: at commit's tx.Commit
	}
}

// RunDetached builds the batch object on a detached context with a
// deadline: left alone.
func (w *Worker) RunDetached(ctx context.Context) {
	for {
		select {
		case <-ctx.Done():
			return
		default:
		}
		bctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
		tx, _ := w.pool.Begin(bctx)
		j := newJob(bctx, tx)
		_ = j.commit()
		cancel()
	}
}

// newBackgroundJob keeps a context of its own.
func newBackgroundJob(tx pgx.Tx) *job { return &job{tx: tx, ctx: context.Background()} }

func (w *Worker) RunBackground(ctx context.Context) {
	for {
		select {
		case <-ctx.Done():
			return
		default:
		}
		tx, _ := w.pool.Begin(ctx)
		_ = newBackgroundJob(tx).commit()
	}
}
