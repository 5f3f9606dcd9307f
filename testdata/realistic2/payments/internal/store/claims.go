package store

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/jmoiron/sqlx"
)

// Claims is the sqlx repository of the idempotency-key table.
type Claims struct {
	DB *sqlx.DB
}

// Claim is one idempotency_keys row.
type Claim struct {
	Key          string    `db:"key"`
	Scope        string    `db:"scope"`
	RequestHash  string    `db:"request_hash"`
	ResponseCode int       `db:"response_code"`
	ResponseBody []byte    `db:"response_body"`
	LockedAt     time.Time `db:"locked_at"`
}

// Begin claims key for scope; false means someone already claimed it.
func (c *Claims) Begin(ctx context.Context, cl Claim) (bool, error) {
	res, err := c.DB.NamedExecContext(ctx,
		`INSERT INTO idempotency_keys (key, scope, request_hash, locked_at)
		 VALUES (:key, :scope, :request_hash, now())
		 ON CONFLICT (key, scope) DO NOTHING`, cl)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	if err != nil {
		return false, err
	}
	return n > 0, nil
}

// Lookup returns the stored response of a finished request.
func (c *Claims) Lookup(ctx context.Context, key, scope string) (*Claim, error) {
	var cl Claim
	err := c.DB.GetContext(ctx, &cl,
		`SELECT key, scope, request_hash, response_code, response_body, locked_at
		   FROM idempotency_keys WHERE key = $1 AND scope = $2`, key, scope)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	return &cl, err
}

// Finish stores the response of a claimed request.
func (c *Claims) Finish(ctx context.Context, cl Claim) error {
	_, err := c.DB.NamedExecContext(ctx,
		`UPDATE idempotency_keys SET response_code = :response_code, response_body = :response_body
		 WHERE key = :key AND scope = :scope`, cl)
	return err
}

// ClaimAndLog is a claim followed by an access-log insert, written without the check.
func (c *Claims) ClaimAndLog(ctx context.Context, cl Claim) error {
	if _, err := c.DB.NamedExecContext(ctx, // want: onconflict
		`INSERT INTO idempotency_keys (key, scope, request_hash, locked_at)
		 VALUES (:key, :scope, :request_hash, now())
		 ON CONFLICT (key, scope) DO NOTHING`, cl); err != nil {
		return err
	}
	_, err := c.DB.ExecContext(ctx, `INSERT INTO access_log (key, scope) VALUES ($1, $2)`, cl.Key, cl.Scope)
	return err
}

// Reserve claims a key and returns its creation time; "no row" is a replay.
func (c *Claims) Reserve(ctx context.Context, tx *sqlx.Tx, key, scope string) (time.Time, bool, error) {
	var at time.Time
	err := tx.QueryRowxContext(ctx,
		`INSERT INTO idempotency_keys (key, scope, locked_at) VALUES ($1, $2, now())
		 ON CONFLICT (key, scope) DO NOTHING
		 RETURNING locked_at`, key, scope).Scan(&at)
	if err == sql.ErrNoRows {
		return time.Time{}, false, nil
	}
	if err != nil {
		return time.Time{}, false, err
	}
	return at, true, nil
}

// ReserveOrExisting returns the row whether or not it was inserted now.
func (c *Claims) ReserveOrExisting(ctx context.Context, key, scope string) (time.Time, error) {
	var at time.Time
	err := c.DB.QueryRowxContext(ctx, `
		WITH ins AS (
			INSERT INTO idempotency_keys (key, scope, locked_at) VALUES ($1, $2, now())
			ON CONFLICT (key, scope) DO NOTHING
			RETURNING locked_at
		)
		SELECT locked_at FROM ins
		UNION ALL
		SELECT locked_at FROM idempotency_keys WHERE key = $1 AND scope = $2
		LIMIT 1`, key, scope).Scan(&at)
	return at, err
}

// Upsert records the latest request hash; DO UPDATE always returns a row.
func (c *Claims) Upsert(ctx context.Context, key, scope, hash string) (bool, error) {
	var inserted bool
	err := c.DB.QueryRowxContext(ctx,
		`INSERT INTO idempotency_keys (key, scope, request_hash, locked_at) VALUES ($1, $2, $3, now())
		 ON CONFLICT (key, scope) DO UPDATE SET request_hash = EXCLUDED.request_hash
		 RETURNING (xmax = 0) AS inserted`, key, scope, hash).Scan(&inserted)
	return inserted, err
}

// Sweep deletes stale claims in batches.
func (c *Claims) Sweep(ctx context.Context, olderThan time.Duration) error {
	for {
		res, err := c.DB.ExecContext(ctx,
			`DELETE FROM idempotency_keys WHERE ctid IN (
				SELECT ctid FROM idempotency_keys WHERE locked_at < now() - $1::interval AND response_code = 0 LIMIT 500)`,
			olderThan.String())
		if err != nil {
			return err
		}
		n, err := res.RowsAffected()
		if err != nil {
			return err
		}
		if n < 500 {
			return nil
		}
	}
}
