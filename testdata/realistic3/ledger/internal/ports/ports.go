// Package ports declares what the ledger's use cases need from the outside.
package ports

import (
	"context"
	"database/sql"
)

// Posting is a ledger posting: one transfer between two accounts.
type Posting struct {
	ID     string `json:"id"`
	From   string `json:"from"`
	To     string `json:"to"`
	Amount int64  `json:"amount"`
}

// Payout sends money out to a bank account.
type Payout struct {
	ID        string
	AccountID string
	IBAN      string
	Amount    int64
}

// TransferRequest is a bank transfer.
type TransferRequest struct {
	IdempotencyKey string `json:"-"`
	IBAN           string `json:"iban"`
	Amount         int64  `json:"amount"`
	Reference      string `json:"reference"`
}

// Bank is the partner bank's API.
type Bank interface {
	Transfer(ctx context.Context, req TransferRequest) (ref string, err error)
	Balance(ctx context.Context, account string) (int64, error)
	NotifyPayee(ctx context.Context, payoutID, idempotencyKey string) error
}

// Publisher publishes one message.
type Publisher interface {
	Publish(ctx context.Context, topic, key string, payload []byte) error
}

// Entries is the entries repository; it runs on the given transaction.
type Entries interface {
	Post(ctx context.Context, tx *sql.Tx, p Posting) error
	LockAccount(ctx context.Context, tx *sql.Tx, account string) (int64, error)
	SetExternalBalance(ctx context.Context, tx *sql.Tx, account string, balance int64) error
}
