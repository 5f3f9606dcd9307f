package queryrow

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/jmoiron/sqlx"
)

const table = "idempotency_key"

// claimSQL is a concatenation of named constants: the type checker's
// constant value is what gets scanned.
const claimSQL = "INSERT INTO " + table + " (key) VALUES ($1) " +
	"ON CONFLICT (key) DO NOTHING " +
	"RETURNING id"

func badPool(ctx context.Context, pool *pgxpool.Pool, key string) error {
	var id int64
	if err := pool.QueryRow(ctx, claimSQL, key).Scan(&id); err != nil { // want `QueryRow\(...\).Scan of INSERT ... ON CONFLICT DO NOTHING RETURNING gets no row on a duplicate and fails with ErrNoRows; this code treats it as a failure`
		return err
	}
	fmt.Println(id)
	return nil
}

func badRowVar(ctx context.Context, tx pgx.Tx, key string) (int64, error) {
	row := tx.QueryRow(ctx, `
		INSERT INTO idempotency_key (key) VALUES ($1)
		ON CONFLICT ON CONSTRAINT idempotency_key_pkey DO NOTHING
		RETURNING id`, key)
	var id int64
	err := row.Scan(&id) // want `QueryRow\(...\).Scan of INSERT`
	if err != nil {
		return 0, fmt.Errorf("claim: %w", err)
	}
	return id, nil
}

func badDatabaseSQL(ctx context.Context, db *sql.DB, key string) {
	var id int64
	_ = db.QueryRowContext(ctx, claimSQL, key).Scan(&id) // want `QueryRowContext\(...\).Scan of INSERT .* this code ignores the error`
	fmt.Println(id)
}

func badSqlx(ctx context.Context, db *sqlx.DB, key string) error {
	var id int64
	if err := db.GetContext(ctx, &id, claimSQL, key); err != nil { // want `GetContext of INSERT`
		return err
	}
	fmt.Println(id)
	return nil
}

func badSqlcConst(ctx context.Context, conn *pgx.Conn, key string) error {
	const q = `-- name: Claim :one
INSERT INTO idempotency_key (key) VALUES ($1) ON CONFLICT (key) DO NOTHING RETURNING id
`
	var id int64
	if err := conn.QueryRow(ctx, q, key).Scan(&id); err != nil { // want `of query Claim \(INSERT ... ON CONFLICT DO NOTHING RETURNING\)`
		return err
	}
	fmt.Println(id)
	return nil
}

func goodErrorsIs(ctx context.Context, pool *pgxpool.Pool, key string) (bool, error) {
	var id int64
	err := pool.QueryRow(ctx, claimSQL, key).Scan(&id)
	if errors.Is(err, pgx.ErrNoRows) {
		return false, nil // the key is taken: already done
	}
	if err != nil {
		return false, err
	}
	fmt.Println(id)
	return true, nil
}

func goodInline(ctx context.Context, db *sql.DB, key string) bool {
	var id int64
	return errors.Is(db.QueryRowContext(ctx, claimSQL, key).Scan(&id), sql.ErrNoRows)
}

func goodIfInit(ctx context.Context, pool *pgxpool.Pool, key string) error {
	var id int64
	if err := pool.QueryRow(ctx, claimSQL, key).Scan(&id); err == pgx.ErrNoRows {
		return nil
	} else if err != nil {
		return err
	}
	fmt.Println(id)
	return nil
}

func goodDoUpdate(ctx context.Context, pool *pgxpool.Pool, key string) error {
	var inserted bool
	if err := pool.QueryRow(ctx, `INSERT INTO idempotency_key (key) VALUES ($1)
		ON CONFLICT (key) DO UPDATE SET key = EXCLUDED.key
		RETURNING (xmax = 0) AS inserted`, key).Scan(&inserted); err != nil {
		return err
	}
	fmt.Println(inserted)
	return nil
}

func goodFallbackCTE(ctx context.Context, pool *pgxpool.Pool, key string) error {
	var id int64
	err := pool.QueryRow(ctx, `WITH ins AS (
		INSERT INTO idempotency_key (key) VALUES ($1) ON CONFLICT (key) DO NOTHING RETURNING id
	) SELECT id FROM ins UNION ALL SELECT id FROM idempotency_key WHERE key = $1 LIMIT 1`, key).Scan(&id)
	if err != nil {
		return err
	}
	fmt.Println(id)
	return nil
}

func goodCommentOnly(ctx context.Context, pool *pgxpool.Pool, key string) error {
	var id int64
	err := pool.QueryRow(ctx, `INSERT INTO idempotency_key (key) VALUES ($1) -- ON CONFLICT DO NOTHING
		RETURNING id`, key).Scan(&id)
	if err != nil {
		return err
	}
	fmt.Println(id)
	return nil
}

func goodNotConstant(ctx context.Context, pool *pgxpool.Pool, query, key string) error {
	var id int64
	if err := pool.QueryRow(ctx, query, key).Scan(&id); err != nil {
		return err
	}
	fmt.Println(id)
	return nil
}

// Claim is a thin hand-written query method: it returns the Scan error as
// is, so its callers decide.
func Claim(ctx context.Context, pool *pgxpool.Pool, key string) (int64, error) { // want Claim:"noRowOnConflict\\(\\(\\*pgxpool.Pool\\).QueryRow\\)" Claim:"writes\\(\\(\\*pgxpool.Pool\\).QueryRow\\)"
	var id int64
	err := pool.QueryRow(ctx, claimSQL, key).Scan(&id)
	return id, err
}

func badClaimCaller(ctx context.Context, pool *pgxpool.Pool, key string) error {
	id, err := Claim(ctx, pool, key) // want `queryrow.Claim returns ErrNoRows on a duplicate \(\(\*pgxpool.Pool\).QueryRow of INSERT ... ON CONFLICT DO NOTHING RETURNING\)`
	if err != nil {
		return err
	}
	fmt.Println(id)
	return nil
}
