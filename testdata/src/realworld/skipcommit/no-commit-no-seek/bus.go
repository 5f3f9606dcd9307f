// Package bus is a fintech service's Kafka event bus (batch4 sweep). Each
// message runs through its handlers; when they fail it goes to a DLQ topic
// and is committed. When the DLQ write fails too, the loop logs "will
// retry", does not commit, and fetches again. But kafka-go's FetchMessage
// does not hand the uncommitted message back: the next one comes, and its
// commit (cumulative per partition) passes the failed message for good.
package bus

import (
	"context"
	"log"
	"time"

	"github.com/segmentio/kafka-go"
)

type Handler func(ctx context.Context, payload []byte) error

type Bus struct {
	dlq     *kafka.Writer
	handler Handler
}

// process runs the handler and says whether the message may be committed:
// yes when it succeeded or was parked in the DLQ.
func (b *Bus) process(ctx context.Context, m kafka.Message) (bool, error) { // want process:"durableWork"
	if err := b.handler(ctx, m.Value); err == nil {
		return true, nil
	}
	if err := b.dlq.WriteMessages(ctx, kafka.Message{Key: m.Key, Value: m.Value}); err != nil {
		return false, err
	}
	return true, nil
}

func (b *Bus) consume(ctx context.Context, r *kafka.Reader) { // want consume:"commitsOffset" consume:"durableWork"
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return
		}
		commit, err := b.process(ctx, m)
		if commit {
			if err := r.CommitMessages(ctx, m); err != nil {
				log.Printf("commit: %v", err)
			}
		} else if err != nil {
			log.Printf("processing failed; will retry: %v", err)
			time.Sleep(500 * time.Millisecond) // want `moves on`
		}
	}
}

// consumeSeek is the correct form: the failed message is fetched again.
func (b *Bus) consumeSeek(ctx context.Context, r *kafka.Reader) { // want consumeSeek:"commitsOffset" consumeSeek:"durableWork"
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return
		}
		commit, err := b.process(ctx, m)
		if commit {
			if err := r.CommitMessages(ctx, m); err != nil {
				log.Printf("commit: %v", err)
			}
		} else if err != nil {
			log.Printf("processing failed; retrying: %v", err)
			if err := r.SetOffset(m.Offset); err != nil {
				return
			}
		}
	}
}
