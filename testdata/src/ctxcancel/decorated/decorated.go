// Package decorated: a context decorated on the way (a tracing span, a
// logger value) keeps its cancellation, so the stop loop's context still
// reaches the commit; a helper that returns a context of its own does not
// pass it on.
package decorated

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"

	"ctxcancel/decorated/trace"
)

type Worker struct{ Pool *pgxpool.Pool }

type logKey struct{}

func withLogger(ctx context.Context) context.Context {
	return context.WithValue(ctx, logKey{}, "worker")
}

func fresh(ctx context.Context) context.Context {
	_ = ctx
	return context.Background()
}

func (w *Worker) handle(ctx context.Context) error { // want handle:"reachesSink p0:tx.Commit"
	span, ctx := trace.Start(ctx, "handle")
	defer span.Finish()
	ctx = withLogger(ctx)
	tx, err := w.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	return tx.Commit(ctx) // want `ctx is cancelled on shutdown \(stop signal ctx.Done\(\) at decorated.go:\d+, via Run\) and reaches tx.Commit`
}

func (w *Worker) handleFresh(ctx context.Context) error {
	ctx = fresh(ctx)
	tx, err := w.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	return tx.Commit(ctx)
}

func (w *Worker) Run(ctx context.Context) {
	for {
		select {
		case <-ctx.Done():
			return
		default:
		}
		_ = w.handle(ctx)
		_ = w.handleFresh(ctx)
	}
}
