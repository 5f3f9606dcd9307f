package repository

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// IdempotencyKeys stores incoming Idempotency-Key values.
type IdempotencyKeys struct {
	pool *pgxpool.Pool
}

// NewIdempotencyKeys returns a repository on pool.
func NewIdempotencyKeys(pool *pgxpool.Pool) *IdempotencyKeys { return &IdempotencyKeys{pool: pool} }

// SavedKey is a stored key.
type SavedKey struct {
	RequestHash string
	Response    []byte
	StartedAt   time.Time
}

// TryStart claims key; false means another request holds it.
func (r *IdempotencyKeys) TryStart(ctx context.Context, key, requestHash string) (bool, error) {
	tag, err := r.pool.Exec(ctx, `
        INSERT INTO idempotency_key (key, request_hash, started_at)
        VALUES ($1, $2, now())
        ON CONFLICT (key) DO NOTHING`, key, requestHash)
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}

// Find loads a stored key.
func (r *IdempotencyKeys) Find(ctx context.Context, key string) (SavedKey, error) {
	var s SavedKey
	err := r.pool.QueryRow(ctx,
		`SELECT request_hash, response, started_at FROM idempotency_key WHERE key = $1`, key).
		Scan(&s.RequestHash, &s.Response, &s.StartedAt)
	if errors.Is(err, pgx.ErrNoRows) {
		return SavedKey{}, ErrNotFound
	}
	return s, err
}

// SaveResponse stores the response of a finished request.
func (r *IdempotencyKeys) SaveResponse(ctx context.Context, key string, response []byte) error {
	_, err := r.pool.Exec(ctx, `UPDATE idempotency_key SET response = $2, finished_at = now() WHERE key = $1`, key, response)
	if err != nil {
		return fmt.Errorf("save response for %s: %w", key, err)
	}
	return nil
}

// Touch records that a key was seen; an idempotent insert with nothing after it.
func (r *IdempotencyKeys) Touch(ctx context.Context, key string) error {
	_, err := r.pool.Exec(ctx, `INSERT INTO idempotency_seen (key) VALUES ($1) ON CONFLICT DO NOTHING`, key)
	return err
}

// ClaimOrCreate inserts the key, or returns the existing row: the CTE falls
// back to a SELECT, so there is always a row.
func (r *IdempotencyKeys) ClaimOrCreate(ctx context.Context, key, hash string) (created bool, saved SavedKey, err error) {
	const q = `
WITH ins AS (
    INSERT INTO idempotency_key (key, request_hash, started_at)
    VALUES ($1, $2, now())
    ON CONFLICT (key) DO NOTHING
    RETURNING request_hash, response, started_at, true AS created
)
SELECT request_hash, response, started_at, created FROM ins
UNION ALL
SELECT request_hash, response, started_at, false FROM idempotency_key WHERE key = $1
LIMIT 1`
	err = r.pool.QueryRow(ctx, q, key, hash).Scan(&saved.RequestHash, &saved.Response, &saved.StartedAt, &created)
	return created, saved, err
}
