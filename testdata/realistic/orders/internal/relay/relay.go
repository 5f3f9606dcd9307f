// Package relay publishes the orders outbox with a sarama sync producer.
package relay

import (
	"context"
	"database/sql"
	"fmt"
	"log/slog"
	"time"

	"example.com/corpus/orders/internal/store"
	"github.com/IBM/sarama"
	"github.com/jmoiron/sqlx"
)

// Relay moves outbox rows to Kafka.
type Relay struct {
	db       *sqlx.DB
	store    *store.Store
	producer sarama.SyncProducer
	log      *slog.Logger
	every    time.Duration
	timeout  time.Duration
}

// New wires the relay.
func New(db *sqlx.DB, s *store.Store, p sarama.SyncProducer, log *slog.Logger) *Relay {
	return &Relay{db: db, store: s, producer: p, log: log, every: time.Second, timeout: 10 * time.Second}
}

// Run publishes a batch per tick until ctx is done; the batch itself runs on
// a detached context with a timeout.
func (r *Relay) Run(ctx context.Context) error {
	t := time.NewTicker(r.every)
	defer t.Stop()
	for ctx.Err() == nil {
		select {
		case <-ctx.Done():
		case <-t.C:
			bctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), r.timeout)
			n, err := r.batch(bctx)
			cancel()
			if err != nil {
				r.log.WarnContext(ctx, "relay batch", "error", err)
			} else if n > 0 {
				r.log.DebugContext(ctx, "relay batch", "published", n)
			}
		}
	}
	return nil
}

func (r *Relay) batch(ctx context.Context) (int, error) {
	tx, err := r.db.BeginTxx(ctx, &sql.TxOptions{})
	if err != nil {
		return 0, err
	}
	defer tx.Rollback()
	msgs, err := r.store.LockOutbox(ctx, tx, 100)
	if err != nil || len(msgs) == 0 {
		return 0, err
	}
	batch := make([]*sarama.ProducerMessage, 0, len(msgs))
	ids := make([]string, 0, len(msgs))
	for _, m := range msgs {
		batch = append(batch, &sarama.ProducerMessage{
			Topic: m.Topic,
			Key:   sarama.StringEncoder(m.Key),
			Value: sarama.ByteEncoder(m.Payload),
			Headers: []sarama.RecordHeader{
				{Key: []byte("outbox-id"), Value: []byte(m.ID)},
			},
		})
		ids = append(ids, m.ID)
	}
	if err := r.producer.SendMessages(batch); err != nil {
		return 0, fmt.Errorf("send: %w", err)
	}
	if err := r.store.MarkPublished(ctx, tx, ids); err != nil {
		return 0, err
	}
	return len(msgs), tx.Commit()
}
