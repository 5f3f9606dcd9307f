// Package good: contexts that must not be reported.
package good

import (
	"context"
	"errors"
	"net/http"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/segmentio/kafka-go"
)

type Server struct {
	pool   *pgxpool.Pool
	writer *kafka.Writer
}

// An HTTP handler commits with the request's context.
func (s *Server) Handle(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	tx, err := s.pool.Begin(ctx)
	if err != nil {
		return
	}
	_ = s.writer.WriteMessages(ctx, kafka.Message{})
	_ = tx.Commit(ctx)
}

// A test helper on context.Background.
func Setup(pool *pgxpool.Pool) {
	ctx := context.Background()
	_ = pgx.BeginFunc(ctx, pool, func(pgx.Tx) error { return nil })
	tx, _ := pool.Begin(context.TODO())
	_ = tx.Commit(context.TODO())
}

// A plain ctx parameter of unknown origin.
func Save(ctx context.Context, tx pgx.Tx) error { // want Save:"reachesSink p0:tx.Commit"
	return tx.Commit(ctx)
}

// A retry loop aborts with ctx.Err(): the caller's context, not a stop signal.
func PublishRetry(ctx context.Context, w *kafka.Writer, msgs []kafka.Message) error { // want PublishRetry:"reachesSink p0:writer.WriteMessages"
	var err error
	for attempt := 0; attempt < 5; attempt++ {
		if err = w.WriteMessages(ctx, msgs...); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
	return err
}

// A retry loop that checks ctx.Err() and aborts with it.
func CommitRetry(ctx context.Context, pool *pgxpool.Pool) error { // want CommitRetry:"reachesSink p0:tx.Commit"
	for {
		if err := ctx.Err(); err != nil {
			return err
		}
		tx, err := pool.Begin(ctx)
		if err != nil {
			continue
		}
		if err := tx.Commit(ctx); !errors.Is(err, context.DeadlineExceeded) {
			return err
		}
	}
}

// Done only between batches, a detached batch context with a timeout.
func Loop(ctx context.Context, pool *pgxpool.Pool, w *kafka.Writer) {
	for {
		select {
		case <-ctx.Done():
			return
		case <-time.After(time.Second):
		}
		func() {
			bctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 30*time.Second)
			defer cancel()
			tx, err := pool.Begin(bctx)
			if err != nil {
				return
			}
			_ = w.WriteMessages(bctx, kafka.Message{})
			_ = tx.Commit(bctx)
		}()
	}
}

// A waiter goroutine on ctx.Done() is not a loop stop.
func Wait(ctx context.Context, pool *pgxpool.Pool) { // want Wait:"reachesSink p0:tx.Commit"
	go func() {
		<-ctx.Done()
	}()
	tx, _ := pool.Begin(ctx)
	_ = tx.Commit(ctx)
}

// A loop that stops on its own deadline is not a shutdown signal.
func Drain(ctx context.Context, w *kafka.Writer, pending <-chan kafka.Message) {
	dctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
	defer cancel()
	for {
		select {
		case <-dctx.Done():
			return
		case m := <-pending:
			_ = w.WriteMessages(dctx, m)
		}
	}
}

// The same with a deadline on the caller's context.
func DrainTimed(ctx context.Context, w *kafka.Writer, pending <-chan kafka.Message) { // want DrainTimed:"reachesSink p0:writer.WriteMessages/timeout"
	tctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	for {
		select {
		case <-tctx.Done():
			return
		case m := <-pending:
			_ = w.WriteMessages(tctx, m)
		}
	}
}
