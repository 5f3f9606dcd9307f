// Package outbox publishes the shop's outbox rows.
package outbox

import (
	"context"
	"log/slog"
	"time"

	"github.com/jmoiron/sqlx"
	amqp "github.com/rabbitmq/amqp091-go"

	"example.com/realistic4/shop/internal/platform/rabbit"
	"example.com/realistic4/shop/internal/platform/uow"
)

type row struct {
	ID         int64  `db:"id"`
	RoutingKey string `db:"routing_key"`
	Payload    []byte `db:"payload"`
}

// Relay moves outbox rows to RabbitMQ.
type Relay struct {
	uow      *uow.UnitOfWork
	pub      rabbit.Publisher
	log      *slog.Logger
	interval time.Duration
	batch    int
}

// RelayOption configures a Relay.
type RelayOption func(*Relay)

// Every sets the polling interval.
func Every(d time.Duration) RelayOption { return func(r *Relay) { r.interval = d } }

// BatchSize sets how many rows one pass publishes.
func BatchSize(n int) RelayOption { return func(r *Relay) { r.batch = n } }

// NewRelay returns a relay that publishes through pub.
func NewRelay(u *uow.UnitOfWork, pub rabbit.Publisher, log *slog.Logger, opts ...RelayOption) *Relay {
	r := &Relay{uow: u, pub: pub, log: log, interval: time.Second, batch: 100}
	for _, o := range opts {
		o(r)
	}
	return r
}

// Run polls until ctx is done.
func (r *Relay) Run(ctx context.Context) {
	t := time.NewTicker(r.interval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			if err := r.flush(ctx); err != nil {
				r.log.Error("outbox flush", "err", err)
			}
		}
	}
}

func (r *Relay) flush(ctx context.Context) error {
	return r.uow.Do(ctx, func(tx *sqlx.Tx) error { // want: ctxcancel
		var rows []row
		if err := tx.SelectContext(ctx, &rows, `SELECT id, routing_key, payload FROM outbox WHERE published_at IS NULL ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED`, r.batch); err != nil {
			return err
		}
		for _, m := range rows {
			if err := r.pub.Publish(ctx, m.RoutingKey, m.Payload, amqp.Table{"outbox_id": m.ID}); err != nil { // want: lossypublish — the stats relay gets a FirePublisher (no confirm mode) in main
				return err
			}
			if _, err := tx.ExecContext(ctx, `UPDATE outbox SET published_at = now() WHERE id = $1`, m.ID); err != nil {
				return err
			}
		}
		return nil
	})
}

// Sweeper cancels orders left unpaid for a day. Each pass runs on its own
// detached, timed context so a shutdown does not cut it.
type Sweeper struct {
	DB  *sqlx.DB
	Log *slog.Logger
}

// Run sweeps every minute until ctx is done.
func (s *Sweeper) Run(ctx context.Context) {
	t := time.NewTicker(time.Minute)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			pass, cancel := context.WithTimeout(context.WithoutCancel(ctx), 30*time.Second)
			err := s.sweep(pass)
			cancel()
			if err != nil {
				s.Log.Error("sweep", "err", err)
			}
		}
	}
}

func (s *Sweeper) sweep(ctx context.Context) error {
	tx, err := s.DB.BeginTxx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `UPDATE orders SET status = 'expired' WHERE status = 'pending' AND created_at < now() - interval '1 day'`); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO outbox (routing_key, payload) SELECT 'order.expired', json_build_object('order_id', id) FROM orders WHERE status = 'expired'`); err != nil {
		return err
	}
	return tx.Commit()
}
