// Package worker hands its handlers, as method values and literals, to the
// consume loops of package bus, with the shutdown context.
package worker

import (
	"context"
	"os"
	"os/signal"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/segmentio/kafka-go"

	"ctxcancel/indirect/handedloop/bus"
)

type Worker struct {
	c    *bus.Consumer
	pool *pgxpool.Pool
}

// Handle commits a transaction on the context the loop gives it.
func (w *Worker) Handle(ctx context.Context, m kafka.Message) error { // want Handle:"reachesSink p0:tx.Commit"
	tx, err := w.pool.Begin(ctx)
	if err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, `UPDATE orders SET paid = true WHERE id = $1`, string(m.Key)); err != nil {
		return err
	}
	return tx.Commit(ctx) // want `ctx is cancelled on shutdown \(stop signal signal.NotifyContext at worker.go:64, via Serve\) and reaches tx.Commit`
}

// handleAsync is Handle for the loop that runs it in a goroutine.
func (w *Worker) handleAsync(ctx context.Context, m kafka.Message) error { // want handleAsync:"reachesSink p0:tx.Commit"
	tx, err := w.pool.Begin(ctx)
	if err != nil {
		return err
	}
	return tx.Commit(ctx) // want `ctx is cancelled on shutdown \(stop signal signal.NotifyContext at worker.go:85, via ServeAsync\) and reaches tx.Commit`
}

// Run hands Handle to the loop with its caller's context: the context
// parameter reaches tx.Commit through the loop (the fact other packages
// see, so that a shutdown context passed to Run is reported there).
func (w *Worker) Run(ctx context.Context) error { // want Run:"reachesSink p0:bus.Consumer.Run→Handle→tx.Commit"
	return w.c.Run(ctx, w.Handle)
}

// handleDetached commits on a context detached from the loop's, with a timeout.
func (w *Worker) handleDetached(ctx context.Context, m kafka.Message) error {
	dctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
	defer cancel()
	tx, err := w.pool.Begin(dctx)
	if err != nil {
		return err
	}
	return tx.Commit(dctx)
}

// Bad: the shutdown context reaches tx.Commit through the method value
// handed to bus.Consumer.Run.
func (w *Worker) Serve() error {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	return w.c.Run(ctx, w.Handle)
}

// Bad: the same with a literal.
func (w *Worker) ServeLit() error {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	return w.c.Run(ctx, func(ctx context.Context, m kafka.Message) error {
		tx, err := w.pool.Begin(ctx)
		if err != nil {
			return err
		}
		return tx.Commit(ctx) // want `ctx is cancelled on shutdown \(stop signal signal.NotifyContext at worker.go:71, via ServeLit\) and reaches tx.Commit`
	})
}

// Bad: a loop that runs the handler in a goroutine still hands it the
// shutdown context.
func (w *Worker) ServeAsync() error {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	return w.c.Async(ctx, w.handleAsync)
}

// Good: the handler detaches its context (with a timeout) before it commits.
func (w *Worker) ServeDetachedHandler() error {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	return w.c.Run(ctx, w.handleDetached)
}

// Good: the loop hands the handler a detached context of its own.
func (w *Worker) ServeDetachedLoop() error {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	return w.c.Detached(ctx, w.Handle)
}

// Good: Keep never calls the handler.
func (w *Worker) Register() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	w.c.Keep(ctx, w.Handle)
}
