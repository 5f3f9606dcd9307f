// Package repos implements the port with pgx; it imports neither the
// handler nor the contracts.
package repos

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Products struct{ pool *pgxpool.Pool }

func NewProducts(pool *pgxpool.Pool) *Products { return &Products{pool: pool} }

func (p *Products) GetProductByID(ctx context.Context, id string) (string, error) {
	var name string
	err := p.pool.QueryRow(ctx, `SELECT name FROM products WHERE id = $1`, id).Scan(&name)
	return name, err
}

func (p *Products) UpdateProduct(ctx context.Context, id, name string) error {
	_, err := p.pool.Exec(ctx, `UPDATE products SET name = $2 WHERE id = $1`, id, name)
	return err
}
