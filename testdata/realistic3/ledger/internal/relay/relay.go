// Package relay publishes the ledger's outbox tables.
package relay

import (
	"context"
	"database/sql"
	"log/slog"
	"time"

	"example.com/corpus3/ledger/internal/adapters/saramabus"
	"example.com/corpus3/ledger/internal/platform/ctxutil"
	"example.com/corpus3/ledger/internal/ports"
)

// Outbox publishes ledger_outbox rows through a ports.Publisher.
type Outbox struct {
	db  *sql.DB
	pub ports.Publisher
	log *slog.Logger
}

// NewOutbox returns the relay.
func NewOutbox(db *sql.DB, pub ports.Publisher, log *slog.Logger) *Outbox {
	return &Outbox{db: db, pub: pub, log: log}
}

// Run flushes every second until ctx is done.
func (o *Outbox) Run(ctx context.Context) error {
	return tick(ctx, time.Second, func() {
		bctx, cancel := ctxutil.Detached(ctx, 20*time.Second)
		defer cancel()
		if err := o.flush(bctx); err != nil {
			o.log.Warn("outbox relay", "err", err)
		}
	})
}

func (o *Outbox) flush(ctx context.Context) error {
	tx, err := o.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	rows, err := tx.QueryContext(ctx,
		`SELECT id, topic, key, payload FROM ledger_outbox WHERE sent_at IS NULL ORDER BY id LIMIT 100 FOR UPDATE SKIP LOCKED`)
	if err != nil {
		return err
	}
	type item struct {
		id         int64
		topic, key string
		payload    []byte
	}
	var items []item
	for rows.Next() {
		var it item
		if err := rows.Scan(&it.id, &it.topic, &it.key, &it.payload); err != nil {
			rows.Close()
			return err
		}
		items = append(items, it)
	}
	rows.Close()
	for _, it := range items {
		if err := o.pub.Publish(ctx, it.topic, it.key, it.payload); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `UPDATE ledger_outbox SET sent_at = now() WHERE id = $1`, it.id); err != nil {
			return err
		}
	}
	return tx.Commit()
}

// Audit forwards audit_outbox rows to the audit topic and deletes them.
type Audit struct {
	db    *sql.DB
	audit *saramabus.AuditProducer
	log   *slog.Logger
}

// NewAudit returns the audit relay.
func NewAudit(db *sql.DB, audit *saramabus.AuditProducer, log *slog.Logger) *Audit {
	return &Audit{db: db, audit: audit, log: log}
}

// Run flushes every five seconds until ctx is done.
func (a *Audit) Run(ctx context.Context) error {
	return tick(ctx, 5*time.Second, func() {
		bctx, cancel := ctxutil.Detached(ctx, 20*time.Second)
		defer cancel()
		if err := a.flush(bctx); err != nil {
			a.log.Warn("audit relay", "err", err)
		}
	})
}

func (a *Audit) flush(ctx context.Context) error {
	rows, err := a.db.QueryContext(ctx, `SELECT id, payload FROM audit_outbox ORDER BY id LIMIT 500`)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		var payload []byte
		if err := rows.Scan(&id, &payload); err != nil {
			return err
		}
		if err := a.audit.Send("ledger.audit", payload); err != nil { // want: lossypublish
			return err
		}
		if _, err := a.db.ExecContext(ctx, `DELETE FROM audit_outbox WHERE id = $1`, id); err != nil {
			return err
		}
	}
	return rows.Err()
}

func tick(ctx context.Context, every time.Duration, fn func()) error {
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return nil
		case <-t.C:
			fn()
		}
	}
}
