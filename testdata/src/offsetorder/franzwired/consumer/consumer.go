// Package consumer polls a franz-go client that main builds and passes in:
// its options are out of sight here, so the constructor and the function
// taking the client carry a FranzClientWired fact and main is judged.
package consumer

import (
	"context"
	"database/sql"

	"github.com/twmb/franz-go/pkg/kgo"
)

// Runner keeps the client its constructor is given.
type Runner struct {
	kc *kgo.Client
	db *sql.DB
}

func New(db *sql.DB, kc *kgo.Client) *Runner { // want New:`franzClientWired\(1: \(\*Runner\)\.Run's \(\*kgo\.Client\)\.PollFetches \(consumer\.go:26\); \(\*sql\.DB\)\.ExecContext \(consumer\.go:29\)\)`
	return &Runner{kc: kc, db: db}
}

// Run handles the records after the poll, whatever the client's options.
func (r *Runner) Run(ctx context.Context) { // want Run:"durableWork"
	for ctx.Err() == nil {
		fetches := r.kc.PollFetches(ctx)
		for iter := fetches.RecordIter(); !iter.Done(); {
			rec := iter.Next()
			if _, err := r.db.ExecContext(ctx, "INSERT INTO payments (id) VALUES ($1)", rec.Key); err != nil {
				continue
			}
		}
	}
}

// Consume takes the client itself.
func Consume(ctx context.Context, cl *kgo.Client, db *sql.DB) { // want Consume:"durableWork" Consume:`franzClientWired\(1: Consume's \(\*kgo\.Client\)\.PollRecords`
	for ctx.Err() == nil {
		cl.PollRecords(ctx, 10).EachRecord(func(rec *kgo.Record) {
			db.ExecContext(ctx, "INSERT INTO payments (id) VALUES ($1)", rec.Key)
		})
	}
}

// Counter polls and only counts the records: no work after the poll.
type Counter struct {
	kc *kgo.Client
	n  int
}

func NewCounter(kc *kgo.Client) *Counter {
	return &Counter{kc: kc}
}

func (c *Counter) Run(ctx context.Context) {
	for ctx.Err() == nil {
		c.n += len(c.kc.PollFetches(ctx).Records())
	}
}
