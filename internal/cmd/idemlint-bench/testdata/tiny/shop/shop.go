// Package shop is the bench's smoke-test module: one finding (httpintx)
// on the standard library alone.
package shop

import (
	"context"
	"database/sql"
	"net/http"
)

// Pay calls the payment provider while the transaction is open.
func Pay(ctx context.Context, db *sql.DB, orderID string) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, "UPDATE orders SET paid = true WHERE id = $1", orderID); err != nil {
		return err
	}
	resp, err := http.Post("https://psp.example/charge?order="+orderID, "text/plain", nil)
	if err != nil {
		return err
	}
	resp.Body.Close()
	return tx.Commit()
}
