// Package batch claims keys with ON CONFLICT DO NOTHING RETURNING through a
// pgx batch and pgx.CollectOneRow, and fails on a key that is already taken.
package batch

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

const claimQuery = `INSERT INTO claims (key) VALUES ($1) ON CONFLICT (key) DO NOTHING RETURNING key`

// Repo claims keys.
type Repo struct {
	Pool *pgxpool.Pool
}

// ClaimAll claims keys in one batch.
func (r *Repo) ClaimAll(ctx context.Context, keys []string) error {
	b := &pgx.Batch{}
	for _, k := range keys {
		b.Queue(claimQuery, k)
	}
	br := r.Pool.SendBatch(ctx, b)
	defer br.Close()
	for range keys {
		var k string
		if err := br.QueryRow().Scan(&k); err != nil { // want: onconflict
			return err
		}
	}
	return nil
}

// ClaimCollect claims one key with CollectOneRow.
func (r *Repo) ClaimCollect(ctx context.Context, key string) (string, error) {
	rows, err := r.Pool.Query(ctx, claimQuery, key)
	if err != nil {
		return "", err
	}
	k, err := pgx.CollectOneRow(rows, pgx.RowTo[string]) // want: onconflict
	if err != nil {
		return "", fmt.Errorf("claim %s: %w", key, err)
	}
	return k, nil
}
