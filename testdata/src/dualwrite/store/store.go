// Package store is a repository on pgx: its methods write through the pool.
package store

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Item struct {
	ID     string
	Status string
}

// Items is the repository interface the services use.
type Items interface {
	Add(ctx context.Context, it Item) error
	SetStatus(ctx context.Context, id, status string) (Item, error)
	Remove(ctx context.Context, id string) error
	Get(ctx context.Context, id string) (Item, error)
}

type PgItems struct{ pool *pgxpool.Pool }

func NewPgItems(pool *pgxpool.Pool) *PgItems { return &PgItems{pool: pool} }

func (r *PgItems) Add(ctx context.Context, it Item) error {
	_, err := r.pool.Exec(ctx, `INSERT INTO items (id, status) VALUES ($1, $2)`, it.ID, it.Status)
	return err
}

func (r *PgItems) SetStatus(ctx context.Context, id, status string) (Item, error) {
	var it Item
	err := r.pool.QueryRow(ctx, `UPDATE items SET status = $2 WHERE id = $1 RETURNING id, status`, id, status).Scan(&it.ID, &it.Status)
	return it, err
}

func (r *PgItems) Remove(ctx context.Context, id string) error {
	_, err := r.pool.Exec(ctx, `DELETE FROM items WHERE id = $1`, id)
	return err
}

func (r *PgItems) Get(ctx context.Context, id string) (Item, error) {
	var it Item
	err := r.pool.QueryRow(ctx, `SELECT id, status FROM items WHERE id = $1`, id).Scan(&it.ID, &it.Status)
	return it, err
}
