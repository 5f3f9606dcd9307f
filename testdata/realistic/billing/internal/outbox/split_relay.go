package outbox

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/segmentio/kafka-go"
)

// flushSplit gives the database and the broker separate detached budgets.
func (r *Relay) flushSplit(ctx context.Context) error {
	dbCtx, cancelDB := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
	defer cancelDB()
	kCtx, cancelK := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
	defer cancelK()
	return pgx.BeginFunc(dbCtx, r.pool, func(tx pgx.Tx) error {
		events, err := r.queries.WithTx(tx).LockPendingOutboxBatch(dbCtx, r.batchSize)
		if err != nil || len(events) == 0 {
			return err
		}
		msgs := make([]kafka.Message, 0, len(events))
		for _, e := range events {
			msgs = append(msgs, kafka.Message{Key: []byte(e.AggregateID), Value: e.Payload})
		}
		if err := r.writer.WriteMessages(kCtx, msgs...); err != nil {
			return err
		}
		for _, e := range events {
			if err := r.queries.WithTx(tx).MarkOutboxDispatched(dbCtx, e.ID); err != nil {
				return err
			}
		}
		return nil
	})
}

// RunSplit calls flushSplit between ticks.
func (r *Relay) RunSplit(ctx context.Context) {
	t := time.NewTicker(r.interval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			_ = r.flushSplit(ctx)
		}
	}
}
