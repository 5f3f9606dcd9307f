// Package repository implements the domain ports; each constructor returns
// the port interface, not its own type.
package repository

import (
	"context"

	"gorm.io/gorm"

	"realworld/dualwrite/port-tx-callback-then-publish/domain"
	"realworld/dualwrite/port-tx-callback-then-publish/mq"
)

type Wallet struct {
	ID      string
	Balance int64
}

type walletRepo struct{ db *gorm.DB }

func NewWalletRepository(db *gorm.DB) domain.WalletRepository { return &walletRepo{db: db} }

func (r *walletRepo) WithTx(ctx context.Context, fn func(tx *gorm.DB) error) error {
	return r.db.WithContext(ctx).Transaction(fn)
}

func (r *walletRepo) UpdateBalance(ctx context.Context, tx *gorm.DB, id string, balance int64) error {
	return tx.WithContext(ctx).Model(&Wallet{}).Where("id = ?", id).Update("balance", balance).Error
}

type producer struct{ b *mq.Broker }

func NewEventProducer(b *mq.Broker) domain.EventProducer { return &producer{b: b} }

func (p *producer) PublishTransfer(ctx context.Context, from, to string, amount int64) error {
	return p.b.Publish(ctx, []byte(from+">"+to))
}
