package store

import (
	"context"
	"database/sql"
	"errors"

	"example.com/corpus2/payments/internal/platform/sqltx"
)

// ClaimThenCharge claims through the helper that reads RowsAffected; the
// (result, error) pair is handed straight to it.
func (p *Payments) ClaimThenCharge(ctx context.Context, tx *sql.Tx, eventID, paymentID string) error {
	err := sqltx.ExpectOne(tx.ExecContext(ctx,
		`INSERT INTO provider_webhooks (event_id) VALUES ($1) ON CONFLICT (event_id) DO NOTHING`, eventID))
	if errors.Is(err, sqltx.ErrNotAffected) {
		return nil // duplicate webhook
	}
	if err != nil {
		return err
	}
	_, err = tx.ExecContext(ctx, `UPDATE payments SET status = 'CHARGED' WHERE id = $1`, paymentID)
	return err
}

// InsertKey returns the new key's id; "no row" is told apart with a value switch.
func (p *Payments) InsertKey(ctx context.Context, key string) (int64, bool, error) {
	var id int64
	err := p.DB.QueryRowContext(ctx,
		`INSERT INTO request_keys (key) VALUES ($1) ON CONFLICT DO NOTHING RETURNING id`, key).Scan(&id)
	switch err {
	case nil:
		return id, true, nil
	case sql.ErrNoRows:
		return 0, false, nil
	default:
		return 0, false, err
	}
}

// InsertKeyRaw passes the error up unchanged; its callers decide.
func (p *Payments) InsertKeyRaw(ctx context.Context, key string) (int64, error) {
	var id int64
	err := p.DB.QueryRowContext(ctx,
		`INSERT INTO request_keys (key) VALUES ($1) ON CONFLICT DO NOTHING RETURNING id`, key).Scan(&id)
	return id, err
}

// OnConn claims on a dedicated connection, checking the count inline.
func (p *Payments) OnConn(ctx context.Context, key string) (bool, error) {
	conn, err := p.DB.Conn(ctx)
	if err != nil {
		return false, err
	}
	defer conn.Close()
	res, err := conn.ExecContext(ctx, `INSERT INTO request_keys (key) VALUES ($1) ON CONFLICT DO NOTHING`, key)
	if err != nil {
		return false, err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return false, nil
	}
	_, err = conn.ExecContext(ctx, `UPDATE request_keys SET seen = seen + 1 WHERE key = $1`, key)
	return true, err
}
