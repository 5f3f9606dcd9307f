// Package sqlschema: a check-then-insert on a table whose schema is in the
// module and has no unique index on the key.
package sqlschema

import (
	"context"
	"database/sql"
)

type Order struct{ ID int64 }

func Pay(ctx context.Context, db *sql.DB, order Order) error { // want Pay:`keyOps\(read payments\.order_id of p2\.ID, insert payments\.order_id of p2\.ID; writes: \(\*sql\.DB\)\.ExecContext\)`
	var exists bool
	if err := db.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM payments WHERE order_id = $1)`, order.ID).Scan(&exists); err != nil || exists {
		return err
	}
	_, err := db.ExecContext(ctx, `INSERT INTO payments (order_id, paid) VALUES ($1, true)`, order.ID) // want `Pay checks order\.ID with \(\*sql\.DB\)\.QueryRowContext \(line 14\) and inserts it later \(line 17\) without a claim: two concurrent retries both pass the check; payments\.order_id has no unique index in the module's schema: add one, or claim the key first with INSERT \.\.\. ON CONFLICT DO NOTHING`
	return err
}

// The primary key is unique: a claim, nothing between.
func PayByID(ctx context.Context, db *sql.DB, id int64) error { // want PayByID:`keyOps\(read payments\.id of p2, insert payments\.id of p2; writes: \(\*sql\.DB\)\.ExecContext\)`
	var exists bool
	if err := db.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM payments WHERE id = $1)`, id).Scan(&exists); err != nil || exists {
		return err
	}
	_, err := db.ExecContext(ctx, `INSERT INTO payments (id, order_id) VALUES ($1, 0)`, id)
	return err
}
