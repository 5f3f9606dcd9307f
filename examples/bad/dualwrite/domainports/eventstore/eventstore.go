// Package eventstore appends events to a PostgreSQL table with pgx.
package eventstore

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/idemlint/idemlint/examples/bad/dualwrite/domainports/domain"
)

// Store is the pgx event store.
type Store struct{ pool *pgxpool.Pool }

// New returns the store.
func New(pool *pgxpool.Pool) *Store { return &Store{pool: pool} }

// Append inserts the events of one aggregate.
func (s *Store) Append(ctx context.Context, aggregateID string, events ...domain.Event) error {
	for _, e := range events {
		if _, err := s.pool.Exec(ctx, `INSERT INTO events (aggregate_id, type, payload) VALUES ($1, $2, $3)`,
			aggregateID, e.Type, e.Payload); err != nil {
			return err
		}
	}
	return nil
}
