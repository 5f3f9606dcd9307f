// Package down holds units of work gated (or not) by the claims of package up.
package down

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"inbox/up"
)

func gatedSqlc(ctx context.Context, pool *pgxpool.Pool, id string) error { // want "inbox-gated"
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	q := up.New(tx)
	if _, err := q.ClaimEvent(ctx, id); errors.Is(err, pgx.ErrNoRows) {
		return nil
	}
	return tx.Commit(ctx)
}

func gatedHelper(ctx context.Context, tx pgx.Tx, id string) error { // want "inbox-gated"
	first, err := up.MarkProcessed(ctx, tx, id)
	if err != nil {
		return err
	}
	if !first {
		return nil
	}
	_, err = tx.Exec(ctx, `INSERT INTO ledger (id) VALUES ($1)`, id)
	return err
}

// Not gated: the claim's error is only checked against nil.
func notTested(ctx context.Context, tx pgx.Tx, id string) error {
	if _, err := up.New(tx).ClaimEvent(ctx, id); err != nil {
		return err
	}
	return nil
}

// Not gated: a read is no claim.
func readOnly(ctx context.Context, tx pgx.Tx, id string) error {
	if _, err := up.New(tx).GetEvent(ctx, id); errors.Is(err, pgx.ErrNoRows) {
		return nil
	}
	return nil
}

// Not gated: no transaction (the pool commits the claim on its own).
func onPool(ctx context.Context, pool *pgxpool.Pool, id string) error {
	tag, err := pool.Exec(ctx, `INSERT INTO inbox (event_id) VALUES ($1) ON CONFLICT DO NOTHING`, id)
	if err != nil || tag.RowsAffected() == 0 {
		return err
	}
	return nil
}
