// Package domain declares the wallet's ports: a repository whose WithTx
// runs a callback in a GORM transaction, and an event producer (batch 5: a
// wallet service whose constructors return these interfaces).
package domain

import (
	"context"

	"gorm.io/gorm"
)

type WalletRepository interface {
	WithTx(ctx context.Context, fn func(tx *gorm.DB) error) error
	UpdateBalance(ctx context.Context, tx *gorm.DB, id string, balance int64) error
}

type EventProducer interface {
	PublishTransfer(ctx context.Context, from, to string, amount int64) error
}
