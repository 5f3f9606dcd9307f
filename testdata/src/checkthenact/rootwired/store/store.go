// Package store holds the database/sql adapters.
package store

import (
	"context"
	"database/sql"
)

// IdempotencyKeys implements domain.IdempotencyStore; idempotency_keys.key
// has no unique index.
type IdempotencyKeys struct{ DB *sql.DB }

func (r *IdempotencyKeys) Find(ctx context.Context, key string) ([]byte, error) { // want Find:`keyOps\(read idempotency_keys\.key of p1\)`
	var body []byte
	err := r.DB.QueryRowContext(ctx, `SELECT body FROM idempotency_keys WHERE key = $1`, key).Scan(&body)
	if err == sql.ErrNoRows {
		return nil, nil
	}
	return body, err
}

func (r *IdempotencyKeys) Save(ctx context.Context, key string, body []byte) error { // want Save:`keyOps\(insert idempotency_keys\.key of p1, insert idempotency_keys\.body of p2; writes: \(\*sql\.DB\)\.ExecContext\)`
	_, err := r.DB.ExecContext(ctx, `INSERT INTO idempotency_keys (key, body) VALUES ($1, $2)`, key, body)
	return err
}

// Redemptions implements domain.Redemptions; redemptions.order_id is the
// primary key.
type Redemptions struct{ DB *sql.DB }

func (r *Redemptions) Redeemed(ctx context.Context, orderID string) (bool, error) { // want Redeemed:`keyOps\(read redemptions\.order_id of p1\)`
	var n int
	err := r.DB.QueryRowContext(ctx, `SELECT count(*) FROM redemptions WHERE order_id = $1`, orderID).Scan(&n)
	return n > 0, err
}

func (r *Redemptions) Redeem(ctx context.Context, orderID, coupon string) error { // want Redeem:`keyOps\(insert redemptions\.order_id of p1, insert redemptions\.coupon of p2; writes: \(\*sql\.DB\)\.ExecContext\)`
	_, err := r.DB.ExecContext(ctx, `INSERT INTO redemptions (order_id, coupon) VALUES ($1, $2)`, orderID, coupon)
	return err
}

func (r *Redemptions) Claim(ctx context.Context, orderID, coupon string) error { // want Claim:`keyOps\(claim redemptions\.order_id of p1, insert redemptions\.coupon of p2; writes: \(\*sql\.DB\)\.ExecContext\)`
	_, err := r.DB.ExecContext(ctx, `INSERT INTO redemptions (order_id, coupon) VALUES ($1, $2) ON CONFLICT (order_id) DO NOTHING`, orderID, coupon)
	return err
}

// PayoutForRequest returns the payout created for a request, or "".
func PayoutForRequest(ctx context.Context, db *sql.DB, requestID string) (string, error) { // want PayoutForRequest:`keyOps\(read payout_requests\.request_id of p2\)`
	var id string
	err := db.QueryRowContext(ctx, `SELECT payout_id FROM payout_requests WHERE request_id = $1`, requestID).Scan(&id)
	if err == sql.ErrNoRows {
		return "", nil
	}
	return id, err
}

// RecordRequest records the payout of a request (request_id is the
// primary key).
func RecordRequest(ctx context.Context, db *sql.DB, requestID, payoutID string) error { // want RecordRequest:`keyOps\(insert payout_requests\.request_id of p2, insert payout_requests\.payout_id of p3; writes: \(\*sql\.DB\)\.ExecContext\)`
	_, err := db.ExecContext(ctx, `INSERT INTO payout_requests (request_id, payout_id) VALUES ($1, $2)`, requestID, payoutID)
	return err
}
