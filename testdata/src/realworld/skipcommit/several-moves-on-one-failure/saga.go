// Package saga runs compensations from Kafka (batch 6 sweep: a booking
// service's saga consumer). A failed compensation has three ways to move on
// without a commit, each "to retry later": the retry counter kept per offset
// cannot be stored; the budget is not used up yet; the dead letter written
// when it is used up fails. kafka-go never hands back an uncommitted message
// in the same session: in each case the next successful compensation
// commits past the failed one, and each branch loses it in its own way
// (each needs its own fix).
package saga

import (
	"context"
	"log"

	"github.com/segmentio/kafka-go"
)

type Compensator interface {
	Compensate(ctx context.Context, payload []byte) error
}

type Counter interface {
	Incr(ctx context.Context, partition int, offset int64) (int64, error)
}

const maxRetries = 3

func Run(ctx context.Context, r *kafka.Reader, dlq *kafka.Writer, comp Compensator, retries Counter) { // want Run:`commitsOffset\(\(\*kafka\.Reader\)\.CommitMessages\)` Run:`durableWork\(Compensator\.Compensate\)`
	for {
		msg, err := r.FetchMessage(ctx)
		if err != nil {
			return
		}
		if err := comp.Compensate(ctx, msg.Value); err != nil {
			n, incrErr := retries.Incr(ctx, msg.Partition, msg.Offset)
			if incrErr != nil {
				log.Printf("retry counter: %v", incrErr)
				continue // want `commits past the failed message`
			}
			if n <= maxRetries {
				log.Printf("compensation failed, retrying later: %v", err)
				continue // want `commits past the failed message`
			}
			if !writeDeadLetter(ctx, dlq, msg) {
				continue // want `commits past the failed message`
			}
		}
		if err := r.CommitMessages(ctx, msg); err != nil {
			log.Printf("commit: %v", err)
		}
	}
}

// writeDeadLetter reports whether the dead letter was written.
func writeDeadLetter(ctx context.Context, dlq *kafka.Writer, msg kafka.Message) bool {
	if err := dlq.WriteMessages(ctx, kafka.Message{Key: msg.Key, Value: msg.Value}); err != nil {
		log.Printf("dead letter failed, not committing: %v", err)
		return false
	}
	return true
}
