// Package franz is a franz-go consumer that commits a fetch after its work.
package franz

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/twmb/franz-go/pkg/kgo"
)

type Worker struct {
	cl   *kgo.Client
	pool *pgxpool.Pool
}

func (w *Worker) store(ctx context.Context, r *kgo.Record) error {
	_, err := w.pool.Exec(ctx, `INSERT INTO processed_event (event_id, consumer_id) VALUES ($1, 'worker') ON CONFLICT DO NOTHING`, string(r.Key))
	return err
}

// Run handles every record of the fetch, then commits it.
func (w *Worker) Run(ctx context.Context) {
	for {
		fetches := w.cl.PollFetches(ctx)
		if fetches.IsClientClosed() {
			return
		}
		failed := false
		fetches.EachRecord(func(r *kgo.Record) {
			if err := w.store(ctx, r); err != nil {
				failed = true
			}
		})
		if failed {
			continue
		}
		_ = w.cl.CommitRecords(ctx, fetches.Records()...)
	}
}

// RunMarked marks each record after its work and commits the marks; a
// failed record stops it (the next poll would go on past the record, and
// the next marks would commit past it), so it comes again after a restart.
func (w *Worker) RunMarked(ctx context.Context) error {
	for {
		fetches := w.cl.PollFetches(ctx)
		var failed error
		for _, r := range fetches.Records() {
			if failed = w.store(ctx, r); failed != nil {
				break
			}
			w.cl.MarkCommitRecords(r)
		}
		_ = w.cl.CommitMarkedOffsets(ctx)
		if failed != nil {
			return failed
		}
	}
}
