package idempotent

import (
	"context"

	"github.com/jackc/pgx/v5"
)

// Good: the lines are replaced (DELETE, then plain INSERTs into the same
// table); a replay deletes and inserts the same rows again.
func goodReplaceLines(ctx context.Context, tx pgx.Tx, id string, skus []string) error {
	if _, err := tx.Exec(ctx, markSQL, id); err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, `DELETE FROM order_lines WHERE order_id = $1`, id); err != nil {
		return err
	}
	for _, sku := range skus {
		if _, err := tx.Exec(ctx, `INSERT INTO order_lines (order_id, sku) VALUES ($1, $2)`, id, sku); err != nil {
			return err
		}
	}
	return tx.Commit(ctx)
}

// Bad: the plain INSERT goes to another table than the one cleared.
func badInsertOtherTable(ctx context.Context, tx pgx.Tx, id string) error {
	if _, err := tx.Exec(ctx, markSQL, id); err != nil { // want `dedup gate never reads RowsAffected before pgx.Tx.Exec writes at replace.go:34`
		return err
	}
	if _, err := tx.Exec(ctx, `DELETE FROM order_lines WHERE order_id = $1`, id); err != nil {
		return err
	}
	_, err := tx.Exec(ctx, `INSERT INTO shipments (order_id) VALUES ($1)`, id)
	return err
}

// Bad: the INSERT runs before the DELETE, so a replay adds a row first.
func badInsertBeforeDelete(ctx context.Context, tx pgx.Tx, id string) error {
	if _, err := tx.Exec(ctx, markSQL, id); err != nil { // want `dedup gate never reads RowsAffected before pgx.Tx.Exec writes at replace.go:43`
		return err
	}
	if _, err := tx.Exec(ctx, `INSERT INTO order_lines (order_id, sku) VALUES ($1, 'gift')`, id); err != nil {
		return err
	}
	_, err := tx.Exec(ctx, `DELETE FROM order_lines WHERE order_id = $1 AND sku <> 'gift'`, id)
	return err
}
