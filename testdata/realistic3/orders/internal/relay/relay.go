// Package relay publishes the orders outbox.
package relay

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"example.com/corpus3/orders/internal/domain"
)

type row struct {
	id      int64
	topic   string
	key     string
	payload []byte
}

// Relay moves outbox rows to the broker.
type Relay struct {
	pool     *pgxpool.Pool
	pub      domain.EventPublisher
	log      *slog.Logger
	interval time.Duration
	batch    int
}

// New returns a relay publishing through pub.
func New(pool *pgxpool.Pool, pub domain.EventPublisher, log *slog.Logger) *Relay {
	return &Relay{pool: pool, pub: pub, log: log, interval: time.Second, batch: 100}
}

// Run publishes a batch per tick; each batch has its own detached budget so
// that shutdown lets it finish.
func (r *Relay) Run(ctx context.Context) error {
	t := time.NewTicker(r.interval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return nil
		case <-t.C:
		}
		bctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 20*time.Second)
		n, err := r.publishBatch(bctx)
		cancel()
		if err != nil {
			r.log.Warn("relay batch", "err", err)
		} else if n > 0 {
			r.log.Debug("relay batch", "published", n)
		}
	}
}

func (r *Relay) publishBatch(ctx context.Context) (int, error) {
	tx, err := r.pool.Begin(ctx)
	if err != nil {
		return 0, err
	}
	defer tx.Rollback(ctx)
	rows, err := lockBatch(ctx, tx, r.batch)
	if err != nil || len(rows) == 0 {
		return 0, err
	}
	ids := make([]int64, 0, len(rows))
	for _, rw := range rows {
		if err := r.pub.Publish(ctx, rw.topic, rw.key, rw.payload); err != nil { // lossypublish: reported at main.go relay.New, where the EventPublisher is wired to msgbus.NewFastProducer (Async: true); msgbus.NewProducer values stay silent
			return 0, fmt.Errorf("publish outbox row %d: %w", rw.id, err)
		}
		ids = append(ids, rw.id)
	}
	if _, err := tx.Exec(ctx, `UPDATE outbox SET published_at = now() WHERE id = ANY($1)`, ids); err != nil {
		return 0, err
	}
	return len(ids), tx.Commit(ctx)
}

func lockBatch(ctx context.Context, tx pgx.Tx, n int) ([]row, error) {
	rs, err := tx.Query(ctx,
		`SELECT id, topic, key, payload FROM outbox WHERE published_at IS NULL ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED`, n)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rs, func(rw pgx.CollectableRow) (row, error) {
		var out row
		err := rw.Scan(&out.id, &out.topic, &out.key, &out.payload)
		return out, err
	})
}
