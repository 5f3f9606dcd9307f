// Package shapes: closures, a local batch object, errgroup, pgx implementers.
package shapes

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/segmentio/kafka-go"
	"golang.org/x/sync/errgroup"
)

type Worker struct {
	pool   *pgxpool.Pool
	writer *kafka.Writer
}

type batch struct {
	ctx context.Context
	tx  pgx.Tx
}

func (w *Worker) Closure(ctx context.Context) {
	for {
		select {
		case <-ctx.Done():
			return
		default:
		}
		publish := func() error {
			return w.writer.WriteMessages(ctx, kafka.Message{}) // want `ctx is cancelled on shutdown \(stop signal ctx.Done\(\) at shapes.go:27\) and reaches writer.WriteMessages`
		}
		_ = publish()
	}
}

func (w *Worker) ClosureParam(ctx context.Context) {
	commit := func(c context.Context, tx pgx.Tx) error {
		return tx.Commit(c) // want `c is cancelled on shutdown \(stop signal ctx\.Done\(\) at shapes\.go:44, via ClosureParam\) and reaches tx\.Commit: SIGTERM rolls the transaction back`
	}
	for {
		select {
		case <-ctx.Done():
			return
		default:
		}
		tx, _ := w.pool.Begin(ctx)
		_ = commit(ctx, tx)
	}
}

func (w *Worker) BatchObject(ctx context.Context) {
	for {
		select {
		case <-ctx.Done():
			return
		default:
		}
		tx, _ := w.pool.Begin(ctx)
		b := &batch{ctx: ctx, tx: tx}
		_ = b.tx.Commit(b.ctx) // want `b.ctx is cancelled on shutdown`
	}
}

func (w *Worker) BatchValue(ctx context.Context) {
	for {
		select {
		case <-ctx.Done():
			return
		default:
		}
		var b batch
		b.ctx = ctx
		b.tx, _ = w.pool.Begin(ctx)
		_ = b.tx.Commit(b.ctx) // want `b.ctx is cancelled on shutdown`
	}
}

func (w *Worker) ErrGroup(ctx context.Context) error {
	g, gctx := errgroup.WithContext(ctx)
	for {
		select {
		case <-ctx.Done():
			_ = g.Wait()
			return nil
		default:
		}
		g.Go(func() error {
			return w.writer.WriteMessages(gctx, kafka.Message{}) // want `gctx is cancelled on shutdown`
		})
	}
}

// myTx implements pgx.Tx.
type myTx struct{ inner pgx.Tx }

func (t *myTx) Begin(ctx context.Context) (pgx.Tx, error) { return t.inner.Begin(ctx) }
func (t *myTx) Commit(ctx context.Context) error          { return nil }
func (t *myTx) Rollback(ctx context.Context) error        { return nil }
func (t *myTx) Exec(ctx context.Context, sql string, arguments ...any) (commandTag pgconn.CommandTag, err error) {
	return t.inner.Exec(ctx, sql, arguments...)
}
func (t *myTx) Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error) {
	return t.inner.Query(ctx, sql, args...)
}
func (t *myTx) QueryRow(ctx context.Context, sql string, args ...any) pgx.Row {
	return t.inner.QueryRow(ctx, sql, args...)
}

func (w *Worker) Implementer(ctx context.Context, t *myTx, ptx *pgxpool.Tx) {
	for {
		select {
		case <-ctx.Done():
			return
		default:
		}
		_ = t.Commit(ctx)   // want `reaches myTx.Commit`
		_ = ptx.Commit(ctx) // want `reaches tx.Commit`
	}
}

// job is a batch object whose methods use its context.
type job struct {
	tx  pgx.Tx
	ctx context.Context
}

func (j *job) commit() error { // want commit:"reachesSink recv.f1:tx.Commit"
	return j.tx.Commit(j.ctx) // want `j\.ctx is cancelled on shutdown \(stop signal ctx\.Done\(\) at shapes\.go:140, via BatchMethods\) and reaches tx\.Commit: SIGTERM rolls the batch back`
}

func finish(j *job) error {
	return j.commit()
}

func (w *Worker) BatchMethods(ctx context.Context) {
	for {
		select {
		case <-ctx.Done():
			return
		default:
		}
		tx, _ := w.pool.Begin(ctx)
		j := &job{tx: tx, ctx: ctx}
		_ = j.commit()
		_ = finish(j)
		bg := &job{tx: tx, ctx: context.Background()}
		_ = bg.commit()
	}
}
