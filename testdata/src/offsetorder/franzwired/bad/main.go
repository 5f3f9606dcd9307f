// Package main builds a default-autocommit group client and hands it to the
// consumer package, which polls it before the work: reported here, where
// the client's options are in sight.
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
	consumer.Consume(ctx, cl, db) // want `consumer\.Consume gets a group client with franz-go's default autocommit: Consume's \(\*kgo\.Client\)\.PollRecords`
	consumer.NewCounter(cl).Run(ctx)
}
