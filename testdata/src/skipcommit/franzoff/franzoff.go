// Package franzoff holds a franz-go consumer with autocommit off and no
// commit in the loop: nothing moves past a failed record.
package franzoff

import (
	"context"
	"log"

	"github.com/twmb/franz-go/pkg/kgo"
)

func newClient() (*kgo.Client, error) {
	return kgo.NewClient(kgo.ConsumerGroup("g"), kgo.DisableAutoCommit())
}

type processor interface {
	Process(ctx context.Context, r *kgo.Record) error
}

// Good: autocommit is off and nothing commits.
func consume(ctx context.Context, cl *kgo.Client, p processor) {
	for {
		fetches := cl.PollFetches(ctx)
		for _, rec := range fetches.Records() {
			if err := p.Process(ctx, rec); err != nil {
				log.Printf("process: %v", err)
				continue
			}
		}
	}
}
