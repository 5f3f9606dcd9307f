// Package orders accepts a payment order under a client's idempotency key
// (batch4 sweep: a payment API in front of a Kafka worker). It asks whether
// the key exists, then inserts the order with ON CONFLICT DO NOTHING and
// publishes the payment job. The ON CONFLICT has no target and the only
// unique index of orders is its generated id, so no insert ever conflicts:
// two concurrent requests with the same key both pass the check, both insert
// and both publish, and the account is charged twice.
package orders

import (
	"context"
	"database/sql"
	"errors"
)

var ErrDuplicate = errors.New("idempotency key already used")

type Publisher interface {
	Publish(ctx context.Context, key string, amount int64) error
}

func Create(ctx context.Context, db *sql.DB, pub Publisher, key string, amount int64) error { // want Create:`keyOps\(read orders\.idempotency_key of p3, insert orders\.idempotency_key of p3, insert orders\.amount of p4; writes: \(\*sql\.DB\)\.ExecContext; port: orders\.Publisher\.Publish\)`
	var exists bool
	if err := db.QueryRowContext(ctx, `SELECT EXISTS(SELECT 1 FROM orders WHERE idempotency_key = $1)`, key).Scan(&exists); err != nil {
		return err
	}
	if exists {
		return ErrDuplicate
	}
	if _, err := db.ExecContext(ctx, `INSERT INTO orders (idempotency_key, amount) VALUES ($1, $2) ON CONFLICT DO NOTHING`, key, amount); err != nil { // want `inserts it later`
		return err
	}
	return pub.Publish(ctx, key, amount)
}

// CreateClaimed is the correct form: the key is claimed first in a table
// whose primary key it is, and the claim's outcome decides whether this
// request creates and publishes the order.
func CreateClaimed(ctx context.Context, db *sql.DB, pub Publisher, key string, amount int64) error { // want CreateClaimed:`keyOps\(claim order_claims\.idempotency_key of p3, insert orders\.idempotency_key of p3, insert orders\.amount of p4; writes: \(\*sql\.DB\)\.ExecContext; port: orders\.Publisher\.Publish\)`
	res, err := db.ExecContext(ctx, `INSERT INTO order_claims (idempotency_key) VALUES ($1) ON CONFLICT (idempotency_key) DO NOTHING`, key)
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		return ErrDuplicate
	}
	if _, err := db.ExecContext(ctx, `INSERT INTO orders (idempotency_key, amount) VALUES ($1, $2)`, key, amount); err != nil {
		return err
	}
	return pub.Publish(ctx, key, amount)
}
