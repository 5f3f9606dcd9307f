// Package claimrelay is an outbox relay that claims each batch in a short
// transaction of its own on the shutdown context (lock the rows, mark them
// PROCESSING, return them) and publishes and marks them afterwards on
// contexts detached from shutdown, each with its own timeout. A SIGTERM
// that cuts the claim rolls it back: the rows stay PENDING for the next
// run, nothing was published. A claimer that finds rows PROCESSING for too
// long (a crash after the claim) puts them back.
package claimrelay

import (
	"context"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/segmentio/kafka-go"
)

type row struct {
	id      int64
	payload []byte
}

func claim(ctx context.Context, pool *pgxpool.Pool) ([]row, error) {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback(ctx)
	rows, err := tx.Query(ctx, `SELECT id, payload FROM outbox
		WHERE status = 'PENDING' OR (status = 'PROCESSING' AND claimed_at < now() - interval '5 minutes')
		ORDER BY id LIMIT 100 FOR UPDATE SKIP LOCKED`)
	if err != nil {
		return nil, err
	}
	batch, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (row, error) {
		var b row
		return b, r.Scan(&b.id, &b.payload)
	})
	if err != nil {
		return nil, err
	}
	for _, b := range batch {
		if _, err := tx.Exec(ctx, `UPDATE outbox SET status = 'PROCESSING', claimed_at = now() WHERE id = $1`, b.id); err != nil {
			return nil, err
		}
	}
	return batch, tx.Commit(ctx)
}

func publish(pool *pgxpool.Pool, w *kafka.Writer, batch []row) {
	for _, b := range batch {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		if err := w.WriteMessages(ctx, kafka.Message{Value: b.payload}); err == nil {
			_, _ = pool.Exec(ctx, `UPDATE outbox SET status = 'SENT' WHERE id = $1`, b.id)
		}
		cancel()
	}
}

func Run(pool *pgxpool.Pool, w *kafka.Writer) {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	t := time.NewTicker(time.Second)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		batch, err := claim(ctx, pool)
		if err != nil {
			continue
		}
		publish(pool, w, batch)
	}
}
