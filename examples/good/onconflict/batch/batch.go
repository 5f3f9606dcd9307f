// Package batch claims keys with ON CONFLICT DO NOTHING RETURNING through a
// pgx batch and pgx.CollectOneRow, and treats a taken key as already done.
package batch

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

const claimQuery = `INSERT INTO claims (key) VALUES ($1) ON CONFLICT (key) DO NOTHING RETURNING key`

// Repo claims keys.
type Repo struct {
	Pool *pgxpool.Pool
}

// ClaimMany claims keys in one batch and counts the fresh ones.
func (r *Repo) ClaimMany(ctx context.Context, keys []string) (int, error) {
	b := &pgx.Batch{}
	for _, k := range keys {
		b.Queue(claimQuery, k)
	}
	br := r.Pool.SendBatch(ctx, b)
	defer br.Close()
	fresh := 0
	for range keys {
		var k string
		err := br.QueryRow().Scan(&k)
		if errors.Is(err, pgx.ErrNoRows) {
			continue // already claimed
		}
		if err != nil {
			return fresh, err
		}
		fresh++
	}
	return fresh, nil
}

// ClaimCollect claims one key with CollectOneRow.
func (r *Repo) ClaimCollect(ctx context.Context, key string) (bool, error) {
	rows, err := r.Pool.Query(ctx, claimQuery, key)
	if err != nil {
		return false, err
	}
	_, err = pgx.CollectOneRow(rows, pgx.RowTo[string])
	if errors.Is(err, pgx.ErrNoRows) {
		return false, nil // already claimed
	}
	if err != nil {
		return false, fmt.Errorf("claim %s: %w", key, err)
	}
	return true, nil
}
