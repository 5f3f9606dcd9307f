package batch

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

const claim = `INSERT INTO claims (key) VALUES ($1) ON CONFLICT (key) DO NOTHING RETURNING key`

const upsert = `INSERT INTO claims (key) VALUES ($1) ON CONFLICT (key) DO UPDATE SET key = excluded.key RETURNING key`

const touch = `UPDATE accounts SET seen = now() WHERE id = $1`

// ClaimAll queues the same DO NOTHING RETURNING query in a loop and reads
// the rows without an ErrNoRows check.
func ClaimAll(ctx context.Context, pool *pgxpool.Pool, keys []string) error { // want ClaimAll:`writes\(\(\*pgx\.Batch\)\.Queue\)`
	b := &pgx.Batch{}
	for _, k := range keys {
		b.Queue(claim, k)
	}
	br := pool.SendBatch(ctx, b)
	defer br.Close()
	for range keys {
		var k string
		if err := br.QueryRow().Scan(&k); err != nil { // want `QueryRow\(...\).Scan of INSERT ... ON CONFLICT DO NOTHING RETURNING gets no row on a duplicate and fails with ErrNoRows; this code treats it as a failure`
			return err
		}
	}
	return nil
}

// ClaimMany is ClaimAll with the check.
func ClaimMany(ctx context.Context, pool *pgxpool.Pool, keys []string) ([]string, error) { // want ClaimMany:`writes\(\(\*pgx\.Batch\)\.Queue\)`
	b := &pgx.Batch{}
	for _, k := range keys {
		b.Queue(claim, k)
	}
	br := pool.SendBatch(ctx, b)
	defer br.Close()
	var got []string
	for range keys {
		var k string
		err := br.QueryRow().Scan(&k)
		if errors.Is(err, pgx.ErrNoRows) {
			continue
		}
		if err != nil {
			return nil, err
		}
		got = append(got, k)
	}
	return got, nil
}

// Mixed pairs reads with queued queries in order: the second read is the claim.
func Mixed(ctx context.Context, conn *pgx.Conn, id, key string) error { // want Mixed:`writes\(\(\*pgx\.Batch\)\.Queue\)`
	var b pgx.Batch
	b.Queue(touch, id)
	b.Queue(claim, key)
	b.Queue(upsert, key)
	br := conn.SendBatch(ctx, &b)
	defer br.Close()
	if _, err := br.Exec(); err != nil {
		return err
	}
	var k string
	row := br.QueryRow()
	if err := row.Scan(&k); err != nil { // want `QueryRow\(...\).Scan of INSERT ... ON CONFLICT DO NOTHING RETURNING`
		return err
	}
	if err := br.QueryRow().Scan(&k); err != nil { // the upsert always returns a row
		return err
	}
	return nil
}

// Upserts queues only DO UPDATE queries: a row always comes back.
func Upserts(ctx context.Context, pool *pgxpool.Pool, keys []string) error { // want Upserts:`writes\(\(\*pgx\.Batch\)\.Queue\)`
	b := &pgx.Batch{}
	for _, k := range keys {
		b.Queue(upsert, k)
	}
	br := pool.SendBatch(ctx, b)
	defer br.Close()
	for range keys {
		var k string
		if err := br.QueryRow().Scan(&k); err != nil {
			return err
		}
	}
	return nil
}

// Unordered queues different queries in a loop: reads cannot be paired.
func Unordered(ctx context.Context, pool *pgxpool.Pool, keys []string) error { // want Unordered:`writes\(\(\*pgx\.Batch\)\.Queue\)`
	b := &pgx.Batch{}
	for _, k := range keys {
		b.Queue(touch, k)
		b.Queue(claim, k)
	}
	br := pool.SendBatch(ctx, b)
	defer br.Close()
	var k string
	return br.QueryRow().Scan(&k)
}

// Helper lets another function queue on the batch: not followed.
func Helper(ctx context.Context, pool *pgxpool.Pool, key string) error { // want Helper:`writes\(batch\.queueMore\)`
	b := &pgx.Batch{}
	queueMore(b, key)
	b.Queue(claim, key)
	br := pool.SendBatch(ctx, b)
	defer br.Close()
	var k string
	return br.QueryRow().Scan(&k)
}

func queueMore(b *pgx.Batch, key string) { b.Queue(touch, key) }

// Collect reads the one row with pgx.CollectOneRow without the check.
func Collect(ctx context.Context, pool *pgxpool.Pool, key string) (string, error) { // want Collect:`writes\(\(\*pgxpool\.Pool\)\.Query\)`
	rows, err := pool.Query(ctx, claim, key)
	if err != nil {
		return "", err
	}
	k, err := pgx.CollectOneRow(rows, pgx.RowTo[string]) // want `pgx\.CollectOneRow over Query\(\.\.\.\) of INSERT ... ON CONFLICT DO NOTHING RETURNING gets no row on a duplicate and fails with ErrNoRows; this code treats it as a failure`
	if err != nil {
		return "", fmt.Errorf("claim %s: %w", key, err)
	}
	return k, nil
}

// CollectChecked compares the error with ErrNoRows.
func CollectChecked(ctx context.Context, pool *pgxpool.Pool, key string) (string, bool, error) { // want CollectChecked:`writes\(\(\*pgxpool\.Pool\)\.Query\)`
	rows, err := pool.Query(ctx, claim, key)
	if err != nil {
		return "", false, err
	}
	k, err := pgx.CollectExactlyOneRow(rows, pgx.RowTo[string])
	if errors.Is(err, pgx.ErrNoRows) {
		return "", false, nil
	}
	if err != nil {
		return "", false, err
	}
	return k, true, nil
}

// CollectUpsert collects a DO UPDATE RETURNING row: always one.
func CollectUpsert(ctx context.Context, pool *pgxpool.Pool, key string) (string, error) { // want CollectUpsert:`writes\(\(\*pgxpool\.Pool\)\.Query\)`
	rows, err := pool.Query(ctx, upsert, key)
	if err != nil {
		return "", err
	}
	k, err := pgx.CollectOneRow(rows, pgx.RowTo[string])
	if err != nil {
		return "", fmt.Errorf("claim %s: %w", key, err)
	}
	return k, nil
}

// ClaimOne is a thin query method: its callers decide about ErrNoRows.
func ClaimOne(ctx context.Context, pool *pgxpool.Pool, key string) (string, error) { // want ClaimOne:`noRowOnConflict\(pgx\.BatchResults\.QueryRow\)` ClaimOne:`writes\(\(\*pgx\.Batch\)\.Queue\)`
	b := &pgx.Batch{}
	b.Queue(claim, key)
	br := pool.SendBatch(ctx, b)
	defer br.Close()
	var k string
	err := br.QueryRow().Scan(&k)
	return k, err
}

// UseClaimOne fails on a taken key.
func UseClaimOne(ctx context.Context, pool *pgxpool.Pool, key string) error { // want UseClaimOne:`writes\(batch\.ClaimOne\)`
	if _, err := ClaimOne(ctx, pool, key); err != nil { // want `ClaimOne returns ErrNoRows on a duplicate`
		return fmt.Errorf("claim: %w", err)
	}
	return nil
}
