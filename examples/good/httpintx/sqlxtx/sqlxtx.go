// Package sqlxtx reserves stock in an sqlx transaction with an outbox row
// and lets a relay call the warehouse API after the commit.
package sqlxtx

import (
	"context"

	"github.com/jmoiron/sqlx"
)

type Store struct {
	DB *sqlx.DB
}

func (s *Store) Reserve(ctx context.Context, sku string, qty int) error {
	tx, err := s.DB.BeginTxx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `UPDATE stock SET reserved = reserved + $1 WHERE sku = $2`, qty, sku); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO outbox (topic, payload) VALUES ('reservations', $1)`, sku); err != nil {
		return err
	}
	return tx.Commit()
}
