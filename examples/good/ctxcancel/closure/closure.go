// Package closure is the seed's batch function written the idiomatic way:
// ctx is rebound to context.WithTimeout(context.WithoutCancel(ctx), d)
// and the pgx.BeginFunc callback captures it. The callback sees the
// rebound, detached and timed context: nothing to report.
package closure

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/segmentio/kafka-go"
)

type Relay struct {
	Pool   *pgxpool.Pool
	Writer *kafka.Writer
}

// Run checks ctx.Done() between batches only.
func (r *Relay) Run(ctx context.Context) {
	t := time.NewTicker(time.Second)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		_ = r.batch(ctx)
		_ = r.assign(ctx)
		_ = Detach(ctx, r.Pool)
	}
}

func (r *Relay) batch(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
	defer cancel()
	return pgx.BeginFunc(ctx, r.Pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, "UPDATE outbox SET sent = true WHERE NOT sent"); err != nil {
			return err
		}
		return r.Writer.WriteMessages(ctx, kafka.Message{Value: []byte("batch")})
	})
}

func (r *Relay) assign(ctx context.Context) error {
	var cancel context.CancelFunc
	ctx, cancel = context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
	defer cancel()
	return pgx.BeginFunc(ctx, r.Pool, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, "DELETE FROM outbox WHERE sent")
		return err
	})
}

// Detach detaches in one step and adds the timeout in the next.
func Detach(parent context.Context, pool *pgxpool.Pool) error {
	ctx := context.WithoutCancel(parent)
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	return pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, "select 1")
		return err
	})
}
