// Package mixed: a detached transaction and a cancelable publish in one batch.
package mixed

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/segmentio/kafka-go"
	"github.com/twmb/franz-go/pkg/kgo"
)

type Relay struct {
	pool   *pgxpool.Pool
	writer *kafka.Writer
	client *kgo.Client
}

func (r *Relay) ProtectTxOnly(ctx context.Context) error { // want ProtectTxOnly:"reachesSink p0:writer.WriteMessages"
	batchCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), time.Minute)
	defer cancel()
	tx, err := r.pool.Begin(batchCtx)
	if err != nil {
		return err
	}
	if err := r.writer.WriteMessages(ctx, kafka.Message{}); err != nil { // want `writer.WriteMessages gets ctx, which keeps its caller's cancellation, while the transaction \(tx.Commit\) is protected with context.WithoutCancel`
		return err
	}
	return tx.Commit(batchCtx)
}

func (r *Relay) ProtectPublishOnly(ctx context.Context) error { // want ProtectPublishOnly:"reachesSink p0:tx.Commit"
	pubCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), time.Minute)
	defer cancel()
	tx, err := r.pool.Begin(ctx)
	if err != nil {
		return err
	}
	if err := r.client.ProduceSync(pubCtx, &kgo.Record{}).FirstErr(); err != nil {
		return err
	}
	return tx.Commit(ctx) // want `tx.Commit gets ctx, which keeps its caller's cancellation, while the publish \(client.ProduceSync\) is protected`
}

// Both on the caller's context: not mixed (the caller decides).
func (r *Relay) Same(ctx context.Context) error { // want Same:"reachesSink p0:writer.WriteMessages p0:tx.Commit"
	tx, err := r.pool.Begin(ctx)
	if err != nil {
		return err
	}
	if err := r.writer.WriteMessages(ctx, kafka.Message{}); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// Loop detaches the transaction's batch but hands the publish the loop's context.
func (r *Relay) Loop(ctx context.Context) {
	for {
		select {
		case <-ctx.Done():
			return
		default:
		}
		batchCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), time.Minute)
		tx, _ := r.pool.Begin(batchCtx)
		_ = r.writer.WriteMessages(ctx, kafka.Message{}) // want `ctx is cancelled on shutdown \(stop signal ctx.Done\(\) at mixed.go:\d+\) and reaches writer.WriteMessages`
		_ = tx.Commit(batchCtx)
		cancel()
	}
}

// A handler literal's own context belongs to another batch.
func (r *Relay) Register(ctx context.Context, register func(func(context.Context) error)) error {
	register(func(hctx context.Context) error {
		return r.writer.WriteMessages(hctx, kafka.Message{})
	})
	bctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), time.Minute)
	defer cancel()
	tx, err := r.pool.Begin(bctx)
	if err != nil {
		return err
	}
	return tx.Commit(bctx)
}
