// Package inboxgated: attempts that run in one transaction claiming the
// operation's stable ID and skipping on an existing claim. A fresh record
// ID there is harmless: the failed attempt rolls back with its claim.
package inboxgated

import (
	"context"

	retry "github.com/avast/retry-go/v4"
	"github.com/google/uuid"
	"github.com/idemlint/idemlint/idem/dedup"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Good: the record ID is made inside the gated transaction.
func goodGated(ctx context.Context, pool *pgxpool.Pool, opID string) error {
	return retry.Do(func() error {
		return pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
			claimed, err := dedup.Claim(ctx, tx, opID, "orders")
			if err != nil || !claimed {
				return err
			}
			_, err = tx.Exec(ctx, `INSERT INTO orders (id, op_id) VALUES ($1, $2)`, uuid.NewString(), opID)
			return err
		})
	})
}

// Good: the attempt begins the transaction itself and claims in it.
func goodAttemptTx(ctx context.Context, pool *pgxpool.Pool, opID string) error {
	return retry.Do(func() error {
		tx, err := pool.Begin(ctx)
		if err != nil {
			return err
		}
		defer tx.Rollback(ctx)
		tag, err := tx.Exec(ctx, `INSERT INTO processed_op (op_id) VALUES ($1) ON CONFLICT DO NOTHING`, opID)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return nil
		}
		id := uuid.New()
		if _, err := tx.Exec(ctx, `INSERT INTO orders (id) VALUES ($1)`, id); err != nil {
			return err
		}
		return tx.Commit(ctx)
	})
}

// Bad: no claim: a retry after a lost commit reply inserts a second order.
func badNoClaim(ctx context.Context, pool *pgxpool.Pool) error {
	return retry.Do(func() error {
		return pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
			_, err := tx.Exec(ctx, `INSERT INTO orders (id) VALUES ($1)`, uuid.NewString()) // want `uuid.NewString in retry.Do callback makes a new identifier on every attempt`
			return err
		})
	})
}

// Bad: the claim's outcome is never tested: no gate.
func badUntested(ctx context.Context, pool *pgxpool.Pool, opID string) error {
	return retry.Do(func() error {
		return pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
			if _, err := dedup.Claim(ctx, tx, opID, "orders"); err != nil {
				return err
			}
			_, err := tx.Exec(ctx, `INSERT INTO orders (id) VALUES ($1)`, uuid.NewString()) // want `uuid.NewString in retry.Do callback makes a new identifier on every attempt`
			return err
		})
	})
}
