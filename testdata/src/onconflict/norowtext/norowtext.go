// Package norowtext holds callers that handle the no-row outcome of a DO
// NOTHING RETURNING claim without comparing with ErrNoRows directly.
package norowtext

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"

	"github.com/jackc/pgx/v5"
)

const claimSQL = `INSERT INTO inbox (event_id) VALUES ($1) ON CONFLICT (event_id) DO NOTHING RETURNING id`

// ErrNotFound is the store's own not-found error.
var ErrNotFound = errors.New("store: not found")

// notFound maps the driver's no-row error to the store's own.
func notFound(err error) error {
	if errors.Is(err, pgx.ErrNoRows) {
		return ErrNotFound
	}
	return err
}

// Good: the error text is compared.
func goodErrorText(ctx context.Context, tx pgx.Tx, id string) error {
	var n int64
	err := tx.QueryRow(ctx, claimSQL, id).Scan(&n)
	if err != nil && err.Error() == "no rows in result set" {
		return nil // duplicate
	}
	return err
}

// Good: the error text is searched.
func goodContains(ctx context.Context, db *sql.DB, id string) error {
	var n int64
	if err := db.QueryRowContext(ctx, claimSQL, id).Scan(&n); err != nil {
		if strings.Contains(err.Error(), "no rows") {
			return nil
		}
		return err
	}
	return nil
}

// Good: the store's own not-found error, mapped from ErrNoRows by a wrapper.
func goodWrapperSentinel(ctx context.Context, tx pgx.Tx, id string) error {
	var n int64
	err := tx.QueryRow(ctx, claimSQL, id).Scan(&n)
	err = notFound(err)
	if errors.Is(err, ErrNotFound) {
		return nil
	}
	return err
}

// Good: the wrapper's result is returned.
func goodWrapperReturned(ctx context.Context, tx pgx.Tx, id string) error {
	var n int64
	if err := tx.QueryRow(ctx, claimSQL, id).Scan(&n); err != nil {
		return notFound(err)
	}
	return nil
}

// Bad: the text is compared with something else.
func badOtherText(ctx context.Context, tx pgx.Tx, id string) error {
	var n int64
	err := tx.QueryRow(ctx, claimSQL, id).Scan(&n) // want `QueryRow\(...\).Scan of INSERT ... ON CONFLICT DO NOTHING RETURNING gets no row on a duplicate .*compare the error with pgx.ErrNoRows \(errors.Is\)`
	if err != nil && strings.Contains(err.Error(), "timeout") {
		return nil
	}
	return err
}

// Bad: the error is wrapped and reassigned, never compared.
func badWrapped(ctx context.Context, tx pgx.Tx, id string) error {
	var n int64
	err := tx.QueryRow(ctx, claimSQL, id).Scan(&n) // want `QueryRow\(...\).Scan of INSERT ... ON CONFLICT DO NOTHING RETURNING gets no row on a duplicate`
	err = fmt.Errorf("claim %s: %w", id, err)
	if err != nil {
		return err
	}
	return nil
}

// claimSQLRow is a thin query method over database/sql.
func claimSQLRow(ctx context.Context, db *sql.DB, id string) (int64, error) {
	var n int64
	err := db.QueryRowContext(ctx, claimSQL, id).Scan(&n)
	return n, err
}

// Bad: database/sql's error is named for database/sql.
func badDatabaseSQL(ctx context.Context, db *sql.DB, id string) error {
	if _, err := claimSQLRow(ctx, db, id); err != nil { // want `claimSQLRow returns ErrNoRows on a duplicate .*treat errors.Is\(err, sql.ErrNoRows\) as already done`
		return err
	}
	var n int64
	if err := db.QueryRowContext(ctx, claimSQL, id).Scan(&n); err != nil { // want `compare the error with sql.ErrNoRows \(errors.Is\)`
		return fmt.Errorf("claim again: %w", err)
	}
	return nil
}
