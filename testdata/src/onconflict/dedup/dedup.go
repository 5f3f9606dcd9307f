package dedup

import (
	"context"
	"database/sql"
	"fmt"
	"net/http"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

const markSQL = `INSERT INTO processed_event (event_id) VALUES ($1) ON CONFLICT (event_id) DO NOTHING`

func badThenCommit(ctx context.Context, pool *pgxpool.Pool, id string) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, markSQL, id); err != nil { // want `INSERT ... ON CONFLICT DO NOTHING succeeds on a duplicate too, and this dedup gate never reads RowsAffected before pgx.Tx.Exec writes at dedup.go:24`
		return err
	}
	if _, err := tx.Exec(ctx, `UPDATE account SET balance = balance - 10 WHERE id = $1`, id); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

func badIgnoredStmt(ctx context.Context, conn *pgx.Conn, id string) error {
	conn.Exec(ctx, markSQL, id) // want `dedup gate never reads RowsAffected before \(\*http.Client\).Do writes`
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, "https://pay.example/charge", nil)
	_, err := http.DefaultClient.Do(req)
	return err
}

func badTagUnread(ctx context.Context, db *sql.DB, id string) error {
	res, err := db.ExecContext(ctx, markSQL, id) // want `dedup gate never reads RowsAffected before \(\*sql.DB\).ExecContext writes`
	if err != nil {
		return err
	}
	last, _ := res.LastInsertId()
	fmt.Println(last)
	_, err = db.ExecContext(ctx, `INSERT INTO charge (event_id) VALUES ($1)`, id)
	return err
}

func charge(ctx context.Context, tx pgx.Tx, id string) error {
	_, err := tx.Exec(ctx, `INSERT INTO charge (event_id) VALUES ($1)`, id)
	return err
}

func badThroughHelper(ctx context.Context, tx pgx.Tx, id string) error {
	if _, err := tx.Exec(ctx, markSQL, id); err != nil { // want `dedup gate never reads RowsAffected before dedup.charge writes`
		return err
	}
	return charge(ctx, tx, id)
}

func goodChecked(ctx context.Context, tx pgx.Tx, id string) error {
	tag, err := tx.Exec(ctx, markSQL, id)
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		return nil // duplicate: already done
	}
	return charge(ctx, tx, id)
}

func goodSQLResultChecked(ctx context.Context, db *sql.DB, id string) error {
	res, err := db.ExecContext(ctx, markSQL, id)
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		return err
	}
	_, err = db.ExecContext(ctx, `INSERT INTO charge (event_id) VALUES ($1)`, id)
	return err
}

// A plain idempotent insert: nothing is written afterwards.
func goodNoLaterWrite(ctx context.Context, pool *pgxpool.Pool, id string) error {
	_, err := pool.Exec(ctx, markSQL, id)
	if err != nil {
		return fmt.Errorf("mark: %w", err)
	}
	var n int
	return pool.QueryRow(ctx, `SELECT count(*) FROM processed_event`).Scan(&n)
}

func goodDoUpdate(ctx context.Context, tx pgx.Tx, id string) error {
	if _, err := tx.Exec(ctx, `INSERT INTO processed_event (event_id) VALUES ($1) ON CONFLICT (event_id) DO UPDATE SET event_id = EXCLUDED.event_id`, id); err != nil {
		return err
	}
	return charge(ctx, tx, id)
}

// The seed's correct claim: the count is the answer.
func goodClaim(ctx context.Context, pool *pgxpool.Pool, key string) (bool, error) {
	tag, err := pool.Exec(ctx, `
        INSERT INTO idempotency_key (key, request_hash, started_at)
        VALUES ($1, $2, now())
        ON CONFLICT (key) DO NOTHING`, key, "hash")
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}
