// Package store saves an order received from Kafka in one transaction: the
// header row is inserted with ON CONFLICT DO NOTHING and every later write is
// an upsert keyed by the same order id, or a delete-then-insert of the lines.
// A redelivery rewrites the same rows, so the unread affected-row count gates
// nothing that is not idempotent: no finding (issue 13, idempotent writes).
package store

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Line struct {
	SKU string
	Qty int
}

type Order struct {
	ID       string
	Customer string
	Address  string
	Lines    []Line
}

type Store struct{ pool *pgxpool.Pool }

func (s *Store) SaveOrder(ctx context.Context, o Order) error { // want SaveOrder:"writes\\(pgx.Tx.Exec\\)"
	tx, err := s.pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)

	if _, err := tx.Exec(ctx, `INSERT INTO orders (id, customer) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING`, o.ID, o.Customer); err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, `INSERT INTO shipping (order_id, address) VALUES ($1, $2)
		ON CONFLICT (order_id) DO UPDATE SET address = EXCLUDED.address`, o.ID, o.Address); err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, `DELETE FROM order_lines WHERE order_id = $1`, o.ID); err != nil {
		return err
	}
	for _, l := range o.Lines {
		if _, err := tx.Exec(ctx, `INSERT INTO order_lines (order_id, sku, qty) VALUES ($1, $2, $3)`, o.ID, l.SKU, l.Qty); err != nil {
			return err
		}
	}
	return tx.Commit(ctx)
}
