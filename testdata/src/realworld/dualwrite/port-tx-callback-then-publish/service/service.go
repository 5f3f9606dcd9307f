// want package:`pendingPorts\(domain.EventProducer.PublishTransfer: service.\(\*Wallets\).Transfer at service.go:37\)`

// Package service moves money in a transaction run by the repository port
// and then publishes the transfer event through the producer port, logging
// a failed publish: the committed transfer and its event are two writes
// with nothing between them, so a crash or a broker error loses the event.
package service

import (
	"context"
	"log"

	"gorm.io/gorm"

	"realworld/dualwrite/port-tx-callback-then-publish/domain"
)

type Wallets struct {
	repo   domain.WalletRepository
	events domain.EventProducer
}

func New(repo domain.WalletRepository, events domain.EventProducer) *Wallets {
	return &Wallets{repo: repo, events: events}
}

func (w *Wallets) Transfer(ctx context.Context, from, to string, amount, fromBal, toBal int64) error {
	err := w.repo.WithTx(ctx, func(tx *gorm.DB) error {
		if err := w.repo.UpdateBalance(ctx, tx, from, fromBal-amount); err != nil {
			return err
		}
		return w.repo.UpdateBalance(ctx, tx, to, toBal+amount)
	})
	if err != nil {
		return err
	}
	if err := w.events.PublishTransfer(ctx, from, to, amount); err != nil {
		log.Printf("publish transfer: %v", err)
	}
	return nil
}
