// Package worker runs outbox batches until its context ends; it returns
// ctx.Err() (an abort, not a graceful stop of its own), so the shutdown
// source is its caller's: signal.NotifyContext in package cmd.
package worker

import (
	"context"
	"database/sql"
	"time"

	"github.com/segmentio/kafka-go"
)

type Worker struct {
	db *sql.DB
	w  *kafka.Writer
}

func (w *Worker) Run(ctx context.Context) error { // want Run:"reachesSink p0:processBatch→db.BeginTx p0:processBatch→writer.WriteMessages"
	t := time.NewTicker(time.Second)
	defer t.Stop()
	for {
		_ = w.processBatch(ctx)
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-t.C:
		}
	}
}

func (w *Worker) processBatch(ctx context.Context) error { // want processBatch:"reachesSink p0:db.BeginTx p0:writer.WriteMessages"
	tx, err := w.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := w.w.WriteMessages(ctx, kafka.Message{Value: []byte("row")}); err != nil {
		return err
	}
	return tx.Commit()
}

// RunDetached gives each batch its own detached context with a deadline.
func (w *Worker) RunDetached(ctx context.Context) error {
	for ctx.Err() == nil {
		bctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), time.Minute)
		_ = w.processBatch(bctx)
		cancel()
	}
	return ctx.Err()
}
