// Package querier calls the sqlc queries through the generated Querier
// interface and through method values (calls.Derived resolves both to
// (*Queries).InsertProcessedEvent and its fact).
package querier

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"onconflict/sqlcgen"
)

type consumer struct {
	q sqlcgen.Querier
}

func (c *consumer) badInterface(ctx context.Context, id string) error { // want badInterface:"writes\\(sqlcgen.Querier.InsertProcessedEvent\\)"
	if _, err := c.q.InsertProcessedEvent(ctx, sqlcgen.InsertProcessedEventParams{EventID: id}); err != nil { // want `sqlcgen\.Querier\.InsertProcessedEvent returns ErrNoRows on a duplicate \(sqlc :one query InsertProcessedEvent with ON CONFLICT DO NOTHING RETURNING\); this code treats it as a failure`
		return fmt.Errorf("insert processed event: %w", err)
	}
	fmt.Println("charged", id)
	return nil
}

func (c *consumer) goodInterface(ctx context.Context, id string) error { // want goodInterface:"writes\\(sqlcgen.Querier.InsertProcessedEvent\\)"
	switch _, err := c.q.InsertProcessedEvent(ctx, sqlcgen.InsertProcessedEventParams{EventID: id}); {
	case errors.Is(err, pgx.ErrNoRows):
		return nil // already processed
	case err != nil:
		return err
	}
	fmt.Println("charged", id)
	return nil
}

// goodRead: GetEvent has no ON CONFLICT, its ErrNoRows is a real miss.
func (c *consumer) goodRead(ctx context.Context, id string) error {
	if _, err := c.q.GetEvent(ctx, id); err != nil {
		return err
	}
	fmt.Println("seen", id)
	return nil
}

func badMethodValue(ctx context.Context, q *sqlcgen.Queries, id string) error {
	insert := q.InsertProcessedEvent
	if _, err := insert(ctx, sqlcgen.InsertProcessedEventParams{EventID: id}); err != nil { // want `InsertProcessedEvent returns ErrNoRows on a duplicate`
		return err
	}
	fmt.Println("charged", id)
	return nil
}

func goodMethodValue(ctx context.Context, q *sqlcgen.Queries, id string) error {
	insert := q.InsertProcessedEvent
	_, err := insert(ctx, sqlcgen.InsertProcessedEventParams{EventID: id})
	if errors.Is(err, pgx.ErrNoRows) {
		return nil
	}
	if err != nil {
		return err
	}
	fmt.Println("charged", id)
	return nil
}
