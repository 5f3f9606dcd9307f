// Package model is the wallet's GORM models.
package model

import "time"

// Wallet is a customer's balance.
type Wallet struct {
	ID           string `gorm:"primaryKey"`
	OwnerID      string `gorm:"index"`
	BalanceCents int64
	Currency     string
	UpdatedAt    time.Time
}

// Entry is one ledger line. Its IdempotencyKey is the producer's key for the
// movement: a replay of the same movement carries the same key.
type Entry struct {
	ID             string `gorm:"primaryKey"`
	WalletID       string `gorm:"index"`
	AmountCents    int64
	IdempotencyKey string `gorm:"uniqueIndex"`
	Reason         string
	CreatedAt      time.Time
}

// TopUpRequest remembers the outcome of a top-up request by its key.
// (Looked up by RequestKey; the column is indexed for speed only.)
type TopUpRequest struct {
	ID         uint   `gorm:"primaryKey"`
	RequestKey string `gorm:"index"`
	EntryID    string
	CreatedAt  time.Time
}

// Transfer is a saga between two wallets.
type Transfer struct {
	ID        string `gorm:"primaryKey"`
	FromID    string
	ToID      string
	Amount    int64
	State     string
	CreatedAt time.Time
}

// TransferClaim makes a transfer request idempotent by its key.
type TransferClaim struct {
	RequestKey string `gorm:"primaryKey"`
	TransferID string
}

// OutboxEvent is an event waiting for the stream relay.
type OutboxEvent struct {
	ID        uint `gorm:"primaryKey"`
	Stream    string
	Payload   []byte
	Sent      bool `gorm:"index"`
	CreatedAt time.Time
}

// ProcessedEvent records a stream event that was applied.
type ProcessedEvent struct {
	EventID   string `gorm:"primaryKey"`
	AppliedAt time.Time
}
