// Package orders claims each record in an inbox table with an insert that
// commits on its own, then applies the record in a separate statement. When
// the apply fails or SIGTERM cuts it, the claim stays: the redelivery finds it
// and is skipped as a duplicate, so the record is never applied. The claim
// acts as the message's commit and it runs before the work (issue 13: an
// inbox gate counts only in the same transaction as the work).
package orders

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/twmb/franz-go/pkg/kgo"
)

type Runner struct {
	cl *kgo.Client
	db *pgxpool.Pool
}

func (r *Runner) claim(ctx context.Context, rec *kgo.Record) (bool, error) { // want claim:"durableWork"
	var id int64
	err := r.db.QueryRow(ctx, `INSERT INTO orders_inbox (topic, part, off) VALUES ($1, $2, $3)
		ON CONFLICT (topic, part, off) DO NOTHING RETURNING id`, rec.Topic, rec.Partition, rec.Offset).Scan(&id)
	if errors.Is(err, pgx.ErrNoRows) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	return true, nil
}

func (r *Runner) apply(ctx context.Context, rec *kgo.Record) error { // want apply:"durableWork"
	_, err := r.db.Exec(ctx, `UPDATE orders SET status = 'paid' WHERE id = $1`, rec.Key)
	return err
}

func (r *Runner) Run(ctx context.Context) { // want Run:"durableWork"
	for ctx.Err() == nil {
		fetches := r.cl.PollFetches(ctx)
		for _, rec := range fetches.Records() {
			fresh, err := r.claim(ctx, rec) // want `claim .* before`
			if err != nil || !fresh {
				continue
			}
			if err := r.apply(ctx, rec); err != nil {
				continue
			}
		}
	}
}
