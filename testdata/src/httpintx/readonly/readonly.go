// Package readonly holds network calls inside read-only transactions (no
// report) and inside writing or locking ones (reported, with advice that
// fits the call: a read moves before Begin, a write goes to an outbox).
package readonly

import (
	"context"
	"database/sql"
	"net/http"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// DBTX is sqlc's interface over pgx.
type DBTX interface {
	Exec(ctx context.Context, sql string, args ...any) (any, error)
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
}

// Queries is sqlc's query set.
type Queries struct{ db DBTX }

func (q *Queries) WithTx(tx pgx.Tx) *Queries { return &Queries{db: any(tx).(DBTX)} } // want WithTx:"readsOnly"

const getRate = `-- name: GetRate :one
SELECT rate FROM fx WHERE currency = $1`

// GetRate only reads.
func (q *Queries) GetRate(ctx context.Context, cur string) (float64, error) { // want GetRate:"readsOnly"
	row := q.db.QueryRow(ctx, getRate, cur)
	var r float64
	err := row.Scan(&r)
	return r, err
}

const addCharge = `-- name: AddCharge :exec
INSERT INTO charge (id) VALUES ($1)`

// AddCharge writes.
func (q *Queries) AddCharge(ctx context.Context, id string) error {
	_, err := q.db.Exec(ctx, addCharge, id)
	return err
}

// Repo is a project interface whose implementations are not visible.
type Repo interface {
	Save(ctx context.Context, tx pgx.Tx, id string) error
}

// Good: a transaction that only reads (a snapshot for consistent reads).
func goodSnapshot(ctx context.Context, pool *pgxpool.Pool, url string) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	var n int
	if err := tx.QueryRow(ctx, `SELECT count(*) FROM orders`).Scan(&n); err != nil {
		return err
	}
	if _, err := http.Post(url, "application/json", nil); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// Good: begun read-only (database/sql).
func goodReadOnlyOption(ctx context.Context, db *sql.DB, url string) error {
	tx, err := db.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := http.Get(url); err != nil {
		return err
	}
	return tx.Commit()
}

// Good: begun read-only (pgx).
func goodPgxReadOnly(ctx context.Context, conn *pgx.Conn, url string) error {
	tx, err := conn.BeginTx(ctx, pgx.TxOptions{AccessMode: pgx.ReadOnly})
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if _, err := http.Get(url); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// Good: the sqlc queries made from the transaction only read.
func goodSqlcRead(ctx context.Context, pool *pgxpool.Pool, q *Queries, url string) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	qtx := q.WithTx(tx)
	if _, err := qtx.GetRate(ctx, "EUR"); err != nil {
		return err
	}
	if _, err := http.Post(url, "application/json", nil); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// Good: a BeginFunc callback that only reads.
func goodCallback(ctx context.Context, pool *pgxpool.Pool, url string) error {
	return pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		var n int
		if err := tx.QueryRow(ctx, `SELECT 1`).Scan(&n); err != nil {
			return err
		}
		_, err := http.Get(url)
		return err
	})
}

// Bad: a locking read; a GET is told to move before Begin.
func badLockingRead(ctx context.Context, pool *pgxpool.Pool, url string) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	var n int
	if err := tx.QueryRow(ctx, `SELECT balance FROM account WHERE id = 1 FOR UPDATE`).Scan(&n); err != nil {
		return err
	}
	if _, err := http.Get(url); err != nil { // want `HTTP call http\.Get inside the transaction begun at readonly\.go:125; the transaction writes or locks rows and holds them for the whole call and its retries: make the call before Begin and pass its result in`
		return err
	}
	return tx.Commit(ctx)
}

// Bad: a GET built with http.NewRequest and sent with Do in a writing
// transaction (move before Begin); a POST (outbox).
func badWritingTx(ctx context.Context, pool *pgxpool.Pool, q *Queries, url string) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if err := q.WithTx(tx).AddCharge(ctx, "c1"); err != nil {
		return err
	}
	get, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if _, err := http.DefaultClient.Do(get); err != nil { // want `HTTP call \(\*http\.Client\)\.Do inside the transaction begun at readonly\.go:143; the transaction writes or locks rows .*: make the call before Begin`
		return err
	}
	post, _ := http.NewRequestWithContext(ctx, http.MethodPost, url, nil)
	if _, err := http.DefaultClient.Do(post); err != nil { // want `HTTP call \(\*http\.Client\)\.Do inside the transaction begun at readonly\.go:143; the transaction stays open for the whole call and its retries: write an outbox row carrying the idempotency key`
		return err
	}
	return tx.Commit(ctx)
}

// Bad: the transaction goes to a helper nothing is known about.
func badUnknownHelper(ctx context.Context, pool *pgxpool.Pool, repo Repo, url string) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if err := repo.Save(ctx, tx, "o1"); err != nil {
		return err
	}
	if _, err := http.Get(url); err != nil { // want `HTTP call http\.Get inside the transaction begun at readonly\.go:164`
		return err
	}
	return tx.Commit(ctx)
}

// Bad: SQL that is not constant may write.
func badDynamicSQL(ctx context.Context, pool *pgxpool.Pool, stmt, url string) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	var n int
	if err := tx.QueryRow(ctx, stmt).Scan(&n); err != nil {
		return err
	}
	if _, err := http.Post(url, "application/json", nil); err != nil { // want `HTTP call http\.Post inside the transaction begun at readonly\.go:180`
		return err
	}
	return tx.Commit(ctx)
}

// Bad: an advisory lock is held for the whole call.
func badAdvisoryLock(ctx context.Context, db *sql.DB, id, url string) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `SELECT pg_advisory_xact_lock(hashtext($1))`, id); err != nil {
		return err
	}
	if _, err := http.Get(url); err != nil { // want `HTTP call http\.Get inside the transaction begun at readonly\.go:197; the transaction writes or locks rows`
		return err
	}
	return tx.Commit()
}
