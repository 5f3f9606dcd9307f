// Package repository is the pgx persistence adapter.
package repository

import (
	"context"
	"errors"
	"fmt"

	"example.com/corpus/billing/internal/db"
	"example.com/corpus/billing/internal/usecase"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// ErrNotFound is returned when a row does not exist.
var ErrNotFound = errors.New("not found")

// Orders reads orders.
type Orders struct {
	q *db.Queries
}

// NewOrders returns a repository on pool.
func NewOrders(pool *pgxpool.Pool) *Orders { return &Orders{q: db.New(pool)} }

// FindByID implements usecase.OrderReader.
func (o *Orders) FindByID(ctx context.Context, id string) (usecase.Order, error) {
	row, err := o.q.GetOrder(ctx, id)
	if errors.Is(err, pgx.ErrNoRows) {
		return usecase.Order{}, ErrNotFound
	}
	if err != nil {
		return usecase.Order{}, fmt.Errorf("get order %s: %w", id, err)
	}
	return usecase.Order{ID: row.ID, CustomerID: row.CustomerID, TotalKopecks: row.TotalKopecks}, nil
}
