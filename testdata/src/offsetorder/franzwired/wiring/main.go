// Package main builds the franz-go clients and hands them to the consumer
// package, which polls them: a default-autocommit group client is reported
// here, where its options are in sight.
package main

import (
	"context"
	"database/sql"

	"github.com/twmb/franz-go/pkg/kgo"

	"offsetorder/franzwired/consumer"
)

func main() {
	ctx := context.Background()
	var db *sql.DB
	bad(ctx, db)
	good(ctx, db)
}

// Bad: a group client without DisableAutoCommit or AutoCommitMarks, polled
// before the work.
func bad(ctx context.Context, db *sql.DB) {
	opts := []kgo.Opt{
		kgo.SeedBrokers("kafka:9092"),
		kgo.ConsumerGroup("payments"),
		kgo.ConsumeTopics("orders"),
	}
	cl, err := kgo.NewClient(opts...)
	if err != nil {
		return
	}
	defer cl.Close()
	r := consumer.New(db, cl) // want `consumer\.New gets a group client with franz-go's default autocommit: \(\*Runner\)\.Run's \(\*kgo\.Client\)\.PollFetches \(consumer\.go:26\) is committed on a timer, a rebalance or Close, not after \(\*sql\.DB\)\.ExecContext \(consumer\.go:29\) handles the records`
	r.Run(ctx)
	consumer.Consume(ctx, cl, db)    // want `consumer\.Consume gets a group client with franz-go's default autocommit: Consume's \(\*kgo\.Client\)\.PollRecords`
	consumer.NewCounter(cl).Run(ctx) // polled, but no work follows
}

// Good: clients that do not commit on their own schedule.
func good(ctx context.Context, db *sql.DB) {
	// AutoCommitMarks: only marked records are committed.
	marks, err := kgo.NewClient(kgo.ConsumerGroup("payments"), kgo.ConsumeTopics("orders"), kgo.AutoCommitMarks())
	if err != nil {
		return
	}
	consumer.New(db, marks).Run(ctx)
	// DisableAutoCommit: the consumer commits itself.
	manual, err := kgo.NewClient(kgo.ConsumerGroup("payments"), kgo.ConsumeTopics("orders"), kgo.DisableAutoCommit())
	if err != nil {
		return
	}
	consumer.Consume(ctx, manual, db)
	// No consumer group: nothing is committed.
	direct, err := kgo.NewClient(kgo.ConsumeTopics("orders"))
	if err != nil {
		return
	}
	consumer.New(db, direct).Run(ctx)
}
