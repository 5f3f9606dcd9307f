// Package sqlstore holds the ledger's database/sql repositories.
package sqlstore

import (
	"context"
	"database/sql"

	"github.com/google/uuid"

	"example.com/corpus3/ledger/internal/ports"
)

// Entries implements ports.Entries.
type Entries struct{}

// Post writes the two entries of a posting and moves the balances.
func (Entries) Post(ctx context.Context, tx *sql.Tx, p ports.Posting) error {
	for _, leg := range []struct {
		account string
		amount  int64
	}{{p.From, -p.Amount}, {p.To, p.Amount}} {
		if _, err := tx.ExecContext(ctx,
			`INSERT INTO entries (id, posting_id, account_id, amount) VALUES ($1, $2, $3, $4)`,
			uuid.New(), p.ID, leg.account, leg.amount); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx,
			`UPDATE accounts SET balance = balance + $2 WHERE id = $1`, leg.account, leg.amount); err != nil {
			return err
		}
	}
	return nil
}

// LockAccount locks an account row and returns its balance.
func (Entries) LockAccount(ctx context.Context, tx *sql.Tx, account string) (int64, error) {
	var b int64
	err := tx.QueryRowContext(ctx, `SELECT balance FROM accounts WHERE id = $1 FOR UPDATE`, account).Scan(&b)
	return b, err
}

// SetExternalBalance records the bank's view of the account.
func (Entries) SetExternalBalance(ctx context.Context, tx *sql.Tx, account string, balance int64) error {
	_, err := tx.ExecContext(ctx,
		`UPDATE accounts SET external_balance = $2, checked_at = now() WHERE id = $1`, account, balance)
	return err
}

// Processed records a posting as processed; it returns nothing about
// whether the row existed.
func Processed(ctx context.Context, tx *sql.Tx, postingID string) error {
	_, err := tx.ExecContext(ctx,
		`INSERT INTO processed_postings (posting_id) VALUES ($1) ON CONFLICT (posting_id) DO NOTHING`, postingID)
	return err
}

// ClaimPosting records a posting as processed; false when it already was.
func ClaimPosting(ctx context.Context, tx *sql.Tx, postingID string) (bool, error) {
	res, err := tx.ExecContext(ctx,
		`INSERT INTO processed_postings (posting_id) VALUES ($1) ON CONFLICT (posting_id) DO NOTHING`, postingID)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// PayoutForRequest returns the payout already created for a request, or "".
func PayoutForRequest(ctx context.Context, db *sql.DB, requestID string) (string, error) {
	var id string
	err := db.QueryRowContext(ctx, `SELECT payout_id FROM payout_requests WHERE request_id = $1`, requestID).Scan(&id)
	if err == sql.ErrNoRows {
		return "", nil
	}
	return id, err
}

// RecordRequest stores the payout created for a request.
func RecordRequest(ctx context.Context, tx *sql.Tx, requestID, payoutID string) error {
	_, err := tx.ExecContext(ctx, `INSERT INTO payout_requests (request_id, payout_id) VALUES ($1, $2)`, requestID, payoutID)
	return err
}

// CreatePayout inserts a pending payout.
func CreatePayout(ctx context.Context, tx *sql.Tx, p ports.Payout) error {
	_, err := tx.ExecContext(ctx, `INSERT INTO payouts (id, account_id, amount) VALUES ($1, $2, $3)`, p.ID, p.AccountID, p.Amount)
	return err
}
