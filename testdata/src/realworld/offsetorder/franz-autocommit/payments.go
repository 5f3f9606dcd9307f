// Package payments consumes with franz-go in a consumer group and never
// commits by hand: the client's default autocommit (no DisableAutoCommit, no
// AutoCommitMarks) commits the offsets of every polled record on a timer and
// on Close, whether or not its handler succeeded. A record whose handler fails
// (or is cut by SIGTERM, whose context.Canceled the loop ignores) is committed
// all the same and lost (issue 14: franz-go autocommit semantics).
package payments

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/twmb/franz-go/pkg/kgo"
)

type Runner struct {
	cl *kgo.Client
	db *pgxpool.Pool
}

func NewRunner(db *pgxpool.Pool) (*Runner, error) {
	cl, err := kgo.NewClient(
		kgo.SeedBrokers("kafka:9092"),
		kgo.ConsumerGroup("payments"),
		kgo.ConsumeTopics("orders"),
	)
	if err != nil {
		return nil, err
	}
	return &Runner{cl: cl, db: db}, nil
}

func (r *Runner) charge(ctx context.Context, rec *kgo.Record) error { // want charge:"durableWork"
	_, err := r.db.Exec(ctx, `INSERT INTO payments (order_id) VALUES ($1)`, rec.Key)
	return err
}

func (r *Runner) Run(ctx context.Context) error { // want Run:"durableWork"
	for {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		fetches := r.cl.PollFetches(ctx) // want `autocommit`
		for _, rec := range fetches.Records() {
			if err := r.charge(ctx, rec); err != nil && !errors.Is(err, context.Canceled) {
				continue
			}
		}
	}
}
