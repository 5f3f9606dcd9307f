// Package natsinboxgated: a JetStream command consumer that makes a fresh
// record ID for every delivery. It is safe: the whole unit runs in one
// transaction that first claims the message ID in an inbox table (a duplicate
// claim skips the work), the reply goes through an outbox row of the same
// transaction, and the message is acked only after the commit. A redelivery
// after a cut finds nothing committed, or finds the claim and skips.
package natsinboxgated

import (
	"context"
	"database/sql"

	"github.com/google/uuid"
	"github.com/nats-io/nats.go"
)

type Depot struct {
	db *sql.DB
}

func (d *Depot) Subscribe(js nats.JetStreamContext) error {
	_, err := js.Subscribe("depot.commands", func(m *nats.Msg) {
		if err := d.handle(context.Background(), m); err != nil {
			_ = m.Nak()
			return
		}
		_ = m.Ack()
	})
	return err
}

func (d *Depot) handle(ctx context.Context, m *nats.Msg) error { // want handle:"makesFreshID\\(uuid.NewString\\)"
	tx, err := d.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	res, err := tx.ExecContext(ctx, "INSERT INTO inbox (id) VALUES ($1) ON CONFLICT DO NOTHING", m.Header.Get("Nats-Msg-Id"))
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		return err
	}
	listID := uuid.NewString()
	if _, err := tx.ExecContext(ctx, "INSERT INTO shopping_lists (id, payload) VALUES ($1, $2)", listID, m.Data); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, "INSERT INTO outbox (subject, payload) VALUES ($1, $2)", "depot.replies", listID); err != nil {
		return err
	}
	return tx.Commit()
}
