// Package stoploop: a loop on ctx.Done() makes ctx a shutdown source only
// when some visible caller passes a context that can be cancelled.
package stoploop

import (
	"context"
	"os/signal"
	"syscall"

	"github.com/jackc/pgx/v5/pgxpool"
)

type worker struct{ pool *pgxpool.Pool }

// drain stops on ctx.Done(), but its only caller passes context.Background():
// the loop runs until the process dies, no signal cancels the commit.
func (w *worker) drain(ctx context.Context) { // want drain:"reachesSink p0:tx.Commit"
	for {
		select {
		case <-ctx.Done():
			return
		default:
		}
		tx, _ := w.pool.Begin(ctx)
		_ = tx.Commit(ctx)
	}
}

// Start is the only caller of drain.
func Start(pool *pgxpool.Pool) {
	w := &worker{pool: pool}
	go w.drain(context.Background())
}

// poll is reached through a chain whose root is context.TODO().
func (w *worker) poll(ctx context.Context) { // want poll:"reachesSink p0:tx.Commit"
	for ctx.Err() == nil {
		tx, _ := w.pool.Begin(ctx)
		_ = tx.Commit(ctx)
	}
}

func (w *worker) runPoll(ctx context.Context) { w.poll(ctx) } // want runPoll:"reachesSink p0:poll→tx.Commit"

// StartPoll passes context.TODO() down the chain.
func StartPoll(pool *pgxpool.Pool) {
	w := &worker{pool: pool}
	w.runPoll(context.TODO())
}

// consume stops on ctx.Done(), and one caller passes a signal context.
func (w *worker) consume(ctx context.Context) {
	for {
		select {
		case <-ctx.Done():
			return
		default:
		}
		tx, _ := w.pool.Begin(ctx)
		_ = tx.Commit(ctx) // want `ctx is cancelled on shutdown \(stop signal ctx.Done\(\) at stoploop.go:55\) and reaches tx.Commit`
	}
}

// Both calls consume: once with a background context, once with a
// context that SIGTERM cancels.
func Both(pool *pgxpool.Pool) {
	w := &worker{pool: pool}
	go w.consume(context.Background())
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM)
	defer stop()
	w.consume(ctx) // reported in consume, where the fix goes
}

// Run is exported: callers in other packages may pass any context, so its
// loop alone makes ctx a shutdown source.
func (w *worker) Run(ctx context.Context) {
	for {
		select {
		case <-ctx.Done():
			return
		default:
		}
		tx, _ := w.pool.Begin(ctx)
		_ = tx.Commit(ctx) // want `ctx is cancelled on shutdown \(stop signal ctx\.Done\(\) at stoploop\.go:79\) and reaches tx\.Commit: SIGTERM rolls the transaction back; build the transaction context from context\.WithTimeout\(context\.WithoutCancel\(ctx\), d\) and check ctx\.Done\(\) only between messages`
	}
}

// cancellable's caller passes a context it can cancel.
func (w *worker) cancellable(ctx context.Context) {
	for {
		select {
		case <-ctx.Done():
			return
		default:
		}
		tx, _ := w.pool.Begin(ctx)
		_ = tx.Commit(ctx) // want `ctx is cancelled on shutdown \(stop signal ctx.Done\(\) at stoploop.go:92\)`
	}
}

// StartCancellable keeps the cancel function: someone may call it.
func StartCancellable(pool *pgxpool.Pool) context.CancelFunc {
	ctx, cancel := context.WithCancel(context.Background())
	w := &worker{pool: pool}
	go w.cancellable(ctx)
	return cancel
}
