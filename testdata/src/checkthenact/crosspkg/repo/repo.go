// Package repo: a repository whose methods read and insert by key; the
// check and the insert are in a service of another package.
package repo

import (
	"context"
	"database/sql"
	"errors"

	"github.com/go-redis/redis/v8"
)

type Order struct {
	ID             string
	IdempotencyKey string
}

type OrderRepository struct{ DB *sql.DB }

func (r *OrderRepository) GetByIdempotencyKey(ctx context.Context, key string) (*Order, error) { // want GetByIdempotencyKey:`keyOps\(read orders\.idempotency_key of p1\)`
	var o Order
	query := `SELECT id FROM orders WHERE idempotency_key = $1` // a local holding the constant, as Travio writes it
	err := r.DB.QueryRowContext(ctx, query, key).Scan(&o.ID)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	return &o, err
}

func (r *OrderRepository) CreateTx(ctx context.Context, tx *sql.Tx, o *Order) error { // want CreateTx:`keyOps\(insert orders\.id of p2\.ID, insert orders\.idempotency_key of p2\.IdempotencyKey; writes: \(\*sql\.Tx\)\.ExecContext\)`
	_, err := tx.ExecContext(ctx, `INSERT INTO orders (id, idempotency_key) VALUES ($1, $2)`, o.ID, o.IdempotencyKey)
	return err
}

// IdempotentCache wraps go-redis v8 as the saga services do.
type IdempotentCache struct{ client *redis.Client }

var ErrCacheMiss = errors.New("miss")

func (c *IdempotentCache) Get(ctx context.Context, key string) error { // want Get:`keyOps\(read redis of p1\)`
	if _, err := c.client.Get(ctx, key).Result(); err != nil {
		return ErrCacheMiss
	}
	return nil
}

func (c *IdempotentCache) Set(ctx context.Context, key string) error { // want Set:`keyOps\(insert redis of p1; writes: \(\*redis\.Client\)\.Set\)`
	return c.client.Set(ctx, key, "", 0).Err()
}
