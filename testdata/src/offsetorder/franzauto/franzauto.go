// Package franzauto holds franz-go group consumers and their autocommit: on
// by default, it commits polled records on the client's own schedule.
package franzauto

import (
	"context"
	"database/sql"

	"github.com/twmb/franz-go/pkg/kgo"
)

// Bad: a group client built here with the default autocommit, its records
// written after the poll.
func LocalDefault(ctx context.Context, db *sql.DB) error { // want LocalDefault:"durableWork"
	cl, err := kgo.NewClient(kgo.SeedBrokers("kafka:9092"), kgo.ConsumerGroup("g"), kgo.ConsumeTopics("orders"))
	if err != nil {
		return err
	}
	defer cl.Close()
	for ctx.Err() == nil {
		fetches := cl.PollFetches(ctx) // want `\(\*kgo\.Client\)\.PollFetches on a group client with franz-go's default autocommit: .* not after \(\*sql\.DB\)\.ExecContext \(franzauto\.go:23\)`
		for _, r := range fetches.Records() {
			if _, err := db.ExecContext(ctx, "INSERT INTO orders (id) VALUES ($1)", r.Key); err != nil {
				continue
			}
		}
	}
	return nil
}

// Worker holds a client its constructor built with an option slice.
type Worker struct {
	cl *kgo.Client
	db *sql.DB
}

func NewWorker(db *sql.DB) (*Worker, error) {
	opts := []kgo.Opt{kgo.SeedBrokers("kafka:9092"), kgo.ConsumerGroup("g"), kgo.ConsumeTopics("orders")}
	cl, err := kgo.NewClient(opts...)
	if err != nil {
		return nil, err
	}
	return &Worker{cl: cl, db: db}, nil
}

// Bad: the field's only client is a default-autocommit group client.
func (w *Worker) Run(ctx context.Context) { // want Run:"durableWork"
	for ctx.Err() == nil {
		w.cl.PollRecords(ctx, 100).EachRecord(func(r *kgo.Record) { // want `PollRecords on a group client with franz-go's default autocommit`
			w.db.ExecContext(ctx, "INSERT INTO orders (id) VALUES ($1)", r.Key)
		})
	}
}

// Good: AutoCommitMarks, and each record marked after its write.
func LocalMarks(ctx context.Context, db *sql.DB) error { // want LocalMarks:"commitsOffset" LocalMarks:"durableWork"
	cl, err := kgo.NewClient(kgo.ConsumerGroup("g"), kgo.ConsumeTopics("orders"), kgo.AutoCommitMarks())
	if err != nil {
		return err
	}
	for ctx.Err() == nil {
		for _, r := range cl.PollFetches(ctx).Records() {
			if _, err := db.ExecContext(ctx, "INSERT INTO orders (id) VALUES ($1)", r.Key); err != nil {
				return err
			}
			cl.MarkCommitRecords(r)
		}
	}
	return nil
}

// Good: autocommit off, the records committed after the writes.
func LocalManual(ctx context.Context, db *sql.DB) error { // want LocalManual:"commitsOffset" LocalManual:"durableWork"
	cl, err := kgo.NewClient(kgo.ConsumerGroup("g"), kgo.DisableAutoCommit())
	if err != nil {
		return err
	}
	for ctx.Err() == nil {
		fetches := cl.PollFetches(ctx)
		for _, r := range fetches.Records() {
			if _, err := db.ExecContext(ctx, "INSERT INTO orders (id) VALUES ($1)", r.Key); err != nil {
				return err
			}
		}
		if err := cl.CommitRecords(ctx, fetches.Records()...); err != nil {
			return err
		}
	}
	return nil
}

// Good: no consumer group, nothing is committed.
func NoGroup(ctx context.Context, db *sql.DB) { // want NoGroup:"durableWork"
	cl, _ := kgo.NewClient(kgo.ConsumeTopics("orders"))
	for _, r := range cl.PollFetches(ctx).Records() {
		db.ExecContext(ctx, "INSERT INTO orders (id) VALUES ($1)", r.Key)
	}
}

// Good here: the client comes from elsewhere; its options are not in
// sight. A caller that builds it is judged (the fact; see franzwired).
func PassedIn(ctx context.Context, cl *kgo.Client, db *sql.DB) { // want PassedIn:"durableWork" PassedIn:"franzClientWired"
	for _, r := range cl.PollFetches(ctx).Records() {
		db.ExecContext(ctx, "INSERT INTO orders (id) VALUES ($1)", r.Key)
	}
}

// Good: options appended by the caller may turn autocommit off.
func Appended(ctx context.Context, db *sql.DB, extra ...kgo.Opt) { // want Appended:"durableWork"
	opts := append([]kgo.Opt{kgo.ConsumerGroup("g")}, extra...)
	cl, _ := kgo.NewClient(opts...)
	for _, r := range cl.PollFetches(ctx).Records() {
		db.ExecContext(ctx, "INSERT INTO orders (id) VALUES ($1)", r.Key)
	}
}
