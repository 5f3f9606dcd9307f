// Package notimeout: detached contexts without a deadline.
package notimeout

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/twmb/franz-go/pkg/kgo"
)

func detach(ctx context.Context) context.Context {
	return context.WithValue(context.WithoutCancel(ctx), struct{}{}, 1)
}

func commit(ctx context.Context, tx pgx.Tx) error {
	return tx.Commit(ctx)
}

func Bad(ctx context.Context, tx pgx.Tx, cl *kgo.Client) {
	_ = tx.Commit(context.WithoutCancel(ctx))                 // want `the context is detached with context.WithoutCancel \(at notimeout.go:21\) but has no timeout when it reaches tx.Commit: a hung database or broker holds shutdown until SIGKILL`
	_ = commit(detach(ctx), tx)                               // want `detach\(ctx\) is detached .* reaches commit → tx.Commit`
	_ = cl.ProduceSync(detach(ctx), &kgo.Record{}).FirstErr() // want `reaches client.ProduceSync`
}

func Good(ctx context.Context, tx pgx.Tx) {
	c, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
	defer cancel()
	_ = tx.Commit(c)
	d, cancel2 := context.WithDeadline(detach(ctx), time.Now().Add(time.Second))
	defer cancel2()
	_ = commit(d, tx)
}
