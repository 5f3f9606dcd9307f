package use

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5/pgxpool"

	"onconflict/alias/errs"

	"github.com/jackc/pgx/v5"
)

const claim = `INSERT INTO processed_event (event_id) VALUES ($1) ON CONFLICT DO NOTHING RETURNING event_id`

var errNoRows = pgx.ErrNoRows

var errGone = errNoRows

// Compared with a package variable that holds pgx.ErrNoRows: handled.
func viaLocalAlias(ctx context.Context, pool *pgxpool.Pool, id string) (bool, error) {
	var got string
	err := pool.QueryRow(ctx, claim, id).Scan(&got)
	if errors.Is(err, errNoRows) {
		return false, nil
	}
	return err == nil, err
}

func viaChainedAlias(ctx context.Context, pool *pgxpool.Pool, id string) (bool, error) {
	var got string
	err := pool.QueryRow(ctx, claim, id).Scan(&got)
	if err == errGone {
		return false, nil
	}
	return err == nil, err
}

// Compared with another package's variable that holds it (a fact).
func viaOtherPackage(ctx context.Context, pool *pgxpool.Pool, id string) (bool, error) {
	var got string
	err := pool.QueryRow(ctx, claim, id).Scan(&got)
	if errors.Is(err, errs.ErrNotFound) {
		return false, nil
	}
	return err == nil, err
}

var errOther = errors.New("other")

// Compared with an unrelated error: not handled.
func wrongError(ctx context.Context, pool *pgxpool.Pool, id string) (bool, error) {
	var got string
	err := pool.QueryRow(ctx, claim, id).Scan(&got) // want `QueryRow\(...\).Scan of INSERT ... ON CONFLICT DO NOTHING RETURNING gets no row`
	if errors.Is(err, errOther) {
		return false, nil
	}
	return err == nil, err
}
