// Package dbcomp compensates an order in one database-only transaction
// that locks the order first: a cut rolls all of it back.
package dbcomp

import (
	"context"
	"database/sql"
)

type Comp struct{ db *sql.DB }

func New(db *sql.DB) *Comp { return &Comp{db: db} }

func (c *Comp) Compensate(ctx context.Context, id string) error { // want Compensate:"reachesSink p0:db.BeginTx"
	tx, err := c.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer func() { _ = tx.Rollback() }()
	var qty int
	var status string
	if err := tx.QueryRowContext(ctx, `SELECT quantity, status FROM orders WHERE id = $1 FOR UPDATE`, id).Scan(&qty, &status); err != nil {
		return err
	}
	if status != "pending" {
		return nil
	}
	if _, err := tx.ExecContext(ctx, `UPDATE stock SET available = available + $1`, qty); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE orders SET status = 'compensated' WHERE id = $1`, id); err != nil {
		return err
	}
	return tx.Commit()
}
