// Package store claims a message's key on the transaction it is given.
package store

import (
	"context"

	"github.com/jackc/pgx/v5"
)

// ClaimOn claims key on tx and tells whether it is new.
func ClaimOn(ctx context.Context, tx pgx.Tx, key string) (bool, error) { // want ClaimOn:"durableWork"
	tag, err := tx.Exec(ctx, `INSERT INTO inbox (key) VALUES ($1) ON CONFLICT DO NOTHING`, key)
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}
