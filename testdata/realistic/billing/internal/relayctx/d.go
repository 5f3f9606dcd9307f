package relayctx

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

type Relay struct{ Pool *pgxpool.Pool }

func (r *Relay) Run(ctx context.Context) {
	for {
		select {
		case <-ctx.Done():
			return
		case <-time.After(time.Second):
		}
		r.batch(ctx) // not a finding (a fixed false positive of ctxcancel)
	}
}

// batch shadows ctx with the detached, timed batch context; the
// transaction callback captures it.
func (r *Relay) batch(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
	defer cancel()
	return pgx.BeginFunc(ctx, r.Pool, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, "UPDATE outbox SET sent = true")
		return err
	})
}

// inline is the same shape inside the loop.
func (r *Relay) RunInline(ctx context.Context) {
	for {
		select {
		case <-ctx.Done():
			return
		case <-time.After(time.Second):
		}
		func() {
			ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
			defer cancel()
			_ = pgx.BeginFunc(ctx, r.Pool, func(tx pgx.Tx) error {
				_, err := tx.Exec(ctx, "UPDATE outbox SET sent = true")
				return err
			})
		}()
	}
}

// assign reuses the parameter variable.
func (r *Relay) assign(ctx context.Context) error {
	var cancel context.CancelFunc
	ctx, cancel = context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
	defer cancel()
	return pgx.BeginFunc(ctx, r.Pool, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, "UPDATE outbox SET sent = true")
		return err
	})
}

func (r *Relay) RunAssign(ctx context.Context) {
	for ctx.Err() == nil {
		_ = r.assign(ctx) // not a finding (a fixed false positive of ctxcancel)
		time.Sleep(time.Second)
	}
}
