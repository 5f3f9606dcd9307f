package relay

import (
	"context"
	"database/sql"
	"log/slog"
	"time"

	"github.com/segmentio/kafka-go"

	"example.com/corpus2/streams/internal/ctxkit"
)

// LegacyRelay is the first version of the relay, still running for the
// audit topic.
type LegacyRelay struct {
	DB     *sql.DB
	Writer *kafka.Writer
	Log    *slog.Logger
}

// Run polls and publishes on the stop context itself.
func (r *LegacyRelay) Run(ctx context.Context) error {
	for ctx.Err() == nil {
		if err := r.publishPending(ctx); err != nil {
			r.Log.Warn("legacy relay", "err", err)
		}
		select {
		case <-ctx.Done():
		case <-time.After(time.Second):
		}
	}
	return nil
}

func (r *LegacyRelay) publishPending(ctx context.Context) error {
	rows, err := r.pending(ctx)
	if err != nil || len(rows) == 0 {
		return err
	}
	return r.send(ctx, rows)
}

func (r *LegacyRelay) send(ctx context.Context, rows []Row) error {
	msgs := make([]kafka.Message, 0, len(rows))
	for _, row := range rows {
		msgs = append(msgs, kafka.Message{Topic: row.Topic, Key: row.Key, Value: row.Payload})
	}
	return r.Writer.WriteMessages(ctx, msgs...) // want: ctxcancel
}

func (r *LegacyRelay) pending(ctx context.Context) ([]Row, error) {
	q, err := r.DB.QueryContext(ctx, `SELECT id, topic, key, payload FROM audit_outbox WHERE sent = false ORDER BY id LIMIT 100`)
	if err != nil {
		return nil, err
	}
	defer q.Close()
	var rows []Row
	for q.Next() {
		var row Row
		if err := q.Scan(&row.ID, &row.Topic, &row.Key, &row.Payload); err != nil {
			return nil, err
		}
		rows = append(rows, row)
	}
	return rows, q.Err()
}

// HalfDetached protects the transaction but not the publish.
type HalfDetached struct {
	DB     *sql.DB
	Writer *kafka.Writer
}

// Flush publishes and marks one batch; it is called from a stop-aware loop.
func (h *HalfDetached) Flush(ctx context.Context, rows []Row) error {
	dctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
	defer cancel()
	tx, err := h.DB.BeginTx(dctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	msgs := make([]kafka.Message, 0, len(rows))
	for _, row := range rows {
		msgs = append(msgs, kafka.Message{Topic: row.Topic, Value: row.Payload})
	}
	if err := h.Writer.WriteMessages(ctx, msgs...); err != nil { // want: ctxcancel
		return err
	}
	if err := markPublished(dctx, tx, rows); err != nil {
		return err
	}
	return tx.Commit()
}

// Loop drives Flush.
func (h *HalfDetached) Loop(ctx context.Context, next func(context.Context) ([]Row, error)) error {
	for {
		select {
		case <-ctx.Done():
			return nil
		default:
		}
		rows, err := next(ctx)
		if err != nil {
			return err
		}
		if err := h.Flush(ctx, rows); err != nil {
			return err
		}
	}
}

// Drain publishes what is left on shutdown, with no deadline at all.
func (h *HalfDetached) Drain(ctx context.Context, rows []Row) error {
	bg := ctxkit.Background(ctx)
	msgs := make([]kafka.Message, 0, len(rows))
	for _, row := range rows {
		msgs = append(msgs, kafka.Message{Topic: row.Topic, Value: row.Payload})
	}
	return h.Writer.WriteMessages(bg, msgs...) // want: ctxcancel
}

// DrainTimed is Drain with a deadline.
func (h *HalfDetached) DrainTimed(ctx context.Context, rows []Row) error {
	bg, cancel := context.WithTimeout(ctxkit.Background(ctx), 5*time.Second)
	defer cancel()
	msgs := make([]kafka.Message, 0, len(rows))
	for _, row := range rows {
		msgs = append(msgs, kafka.Message{Topic: row.Topic, Value: row.Payload})
	}
	return h.Writer.WriteMessages(bg, msgs...)
}
