// Package adapters implements the repository and notifier ports with pgx;
// it imports neither the use case nor the domain package.
package adapters

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Orders struct{ pool *pgxpool.Pool }

func (o *Orders) Create(ctx context.Context, id string) error {
	_, err := o.pool.Exec(ctx, `INSERT INTO orders (id) VALUES ($1)`, id)
	return err
}

type Log struct{}

func (Log) Notify(context.Context, string) error { return nil }

// NewOrders returns the repository on pool.
func NewOrders(pool *pgxpool.Pool) *Orders { return &Orders{pool: pool} }

type FixedPrices struct{}

func (FixedPrices) Quote(context.Context, string) (int64, error) { return 100, nil }

type Outbox struct{ pool *pgxpool.Pool }

func (o *Outbox) FetchPending(ctx context.Context) ([]string, error) {
	rows, err := o.pool.Query(ctx, `SELECT id FROM pending_messages WHERE published_at IS NULL`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var ids []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		ids = append(ids, id)
	}
	return ids, rows.Err()
}

func (o *Outbox) MarkFailed(ctx context.Context, id string) error {
	_, err := o.pool.Exec(ctx, `UPDATE pending_messages SET failures = failures + 1 WHERE id = $1`, id)
	return err
}

func (o *Outbox) MarkSent(ctx context.Context, ids []string) error {
	_, err := o.pool.Exec(ctx, `UPDATE pending_messages SET published_at = now() WHERE id = ANY($1)`, ids)
	return err
}
