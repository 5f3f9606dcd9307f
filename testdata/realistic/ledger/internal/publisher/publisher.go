// Package publisher publishes ledger events from the outbox with franz-go.
package publisher

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/twmb/franz-go/pkg/kgo"
)

// Outbox publishes outbox rows.
type Outbox struct {
	Pool    *pgxpool.Pool
	Client  *kgo.Client
	Every   time.Duration
	Timeout time.Duration
	Log     *slog.Logger
}

type row struct {
	id      int64
	topic   string
	key     []byte
	payload []byte
}

func (o *Outbox) publishBatch(ctx context.Context) (int, error) {
	var n int
	err := pgx.BeginFunc(ctx, o.Pool, func(tx pgx.Tx) error { // want: ctxcancel
		rows, err := tx.Query(ctx, `SELECT id, topic, key, payload FROM ledger_outbox WHERE sent_at IS NULL ORDER BY id LIMIT 200 FOR UPDATE SKIP LOCKED`)
		if err != nil {
			return err
		}
		batch, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (row, error) {
			var x row
			err := r.Scan(&x.id, &x.topic, &x.key, &x.payload)
			return x, err
		})
		if err != nil || len(batch) == 0 {
			return err
		}
		recs := make([]*kgo.Record, len(batch))
		ids := make([]int64, len(batch))
		for i, b := range batch {
			recs[i] = &kgo.Record{Topic: b.topic, Key: b.key, Value: b.payload}
			ids[i] = b.id
		}
		if err := o.Client.ProduceSync(ctx, recs...).FirstErr(); err != nil { // want: ctxcancel
			return fmt.Errorf("produce: %w", err)
		}
		if _, err := tx.Exec(ctx, `UPDATE ledger_outbox SET sent_at = now() WHERE id = ANY($1)`, ids); err != nil {
			return err
		}
		n = len(batch)
		return nil
	})
	return n, err
}

// Run publishes until ctx is cancelled; each batch on a detached context.
func (o *Outbox) Run(ctx context.Context) {
	for {
		select {
		case <-ctx.Done():
			return
		case <-time.After(o.Every):
		}
		bctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), o.Timeout)
		n, err := o.publishBatch(bctx)
		cancel()
		if err != nil {
			o.Log.WarnContext(ctx, "publish batch", "error", err)
			continue
		}
		if n > 0 {
			o.Log.DebugContext(ctx, "published", "count", n)
		}
	}
}

// RunFast keeps publishing while there is work and checks ctx.Err() between
// batches, but hands the batch the loop's context.
func (o *Outbox) RunFast(ctx context.Context) error {
	for ctx.Err() == nil {
		n, err := o.publishBatch(ctx)
		if err != nil {
			return err
		}
		if n == 0 {
			time.Sleep(o.Every)
		}
	}
	return nil
}

// PublishNow publishes one record for the HTTP admin endpoint.
func (o *Outbox) PublishNow(ctx context.Context, topic string, key, value []byte) error {
	return o.Client.ProduceSync(ctx, &kgo.Record{Topic: topic, Key: key, Value: value}).FirstErr()
}
