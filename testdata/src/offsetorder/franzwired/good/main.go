// Package main hands the consumer package clients that do not commit on
// their own schedule: nothing is reported.
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
