// Package adapters implements the domain ports on pgx, the transaction
// carried in the context.
package adapters

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

type txKey struct{}

type Manager struct{ pool *pgxpool.Pool }

func NewManager(pool *pgxpool.Pool) *Manager { return &Manager{pool: pool} }

func (m *Manager) WithinTransaction(ctx context.Context, fn func(ctx context.Context) error) error { // want WithinTransaction:"reachesSink p0:tx.Commit"
	tx, err := m.pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if err := fn(context.WithValue(ctx, txKey{}, tx)); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

func (m *Manager) tx(ctx context.Context) pgx.Tx {
	tx, _ := ctx.Value(txKey{}).(pgx.Tx)
	return tx
}

// Inbox claims with INSERT ... ON CONFLICT DO NOTHING and reports whether
// the row is new.
type Inbox struct{ m *Manager }

func NewInbox(m *Manager) *Inbox { return &Inbox{m: m} }

func (i *Inbox) Claim(ctx context.Context, eventID string) (bool, error) {
	tag, err := i.m.tx(ctx).Exec(ctx, `INSERT INTO inbox (event_id) VALUES ($1) ON CONFLICT DO NOTHING`, eventID)
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}

// Seen only looks the id up in a cache: not a claim.
type Seen struct{ ids map[string]bool }

func (s *Seen) Claim(ctx context.Context, eventID string) (bool, error) {
	if s.ids[eventID] {
		return false, nil
	}
	s.ids[eventID] = true
	return true, nil
}

type Orders struct{ m *Manager }

func NewOrders(m *Manager) *Orders { return &Orders{m: m} }

func (o *Orders) MarkPaid(ctx context.Context, orderID string) error {
	_, err := o.m.tx(ctx).Exec(ctx, `UPDATE orders SET paid = true WHERE id = $1`, orderID)
	return err
}
