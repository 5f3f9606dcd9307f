// Package gormtx writes with GORM and publishes with amqp091.
package gormtx

import (
	"context"

	amqp "github.com/rabbitmq/amqp091-go"
	"gorm.io/gorm"
)

type Account struct{ ID string }

type OutboxMessage struct{ Body []byte }

type Accounts struct {
	db *gorm.DB
	ch *amqp.Channel
}

// Open publishes inside the GORM transaction callback.
func (a *Accounts) Open(ctx context.Context, acc *Account) error {
	return a.db.Transaction(func(tx *gorm.DB) error {
		if err := tx.Create(acc).Error; err != nil {
			return err
		}
		return a.ch.PublishWithContext(ctx, "accounts", "opened", false, false, amqp.Publishing{Body: []byte(acc.ID)}) // want `a function literal in \(\*Accounts\)\.Open publishes \(\(\*amqp091\.Channel\)\.PublishWithContext\) inside the transaction begun at gormtx\.go:22, which writes \(\(\*gorm\.DB\)\.Create\)`
	})
}

// Close commits the transaction, then publishes.
func (a *Accounts) Close(ctx context.Context, acc *Account) error {
	err := a.db.Transaction(func(tx *gorm.DB) error {
		return tx.Save(acc).Error
	})
	if err != nil {
		return err
	}
	return a.ch.PublishWithContext(ctx, "accounts", "closed", false, false, amqp.Publishing{Body: []byte(acc.ID)}) // want `\(\*Accounts\)\.Close writes to the database \(\(\*gorm\.DB\)\.Save\) and then publishes \(\(\*amqp091\.Channel\)\.PublishWithContext\)`
}

// Outbox writes the account and its outbox row in one transaction: silent.
func (a *Accounts) Outbox(ctx context.Context, acc *Account) error {
	return a.db.Transaction(func(tx *gorm.DB) error {
		if err := tx.Create(acc).Error; err != nil {
			return err
		}
		return tx.Create(&OutboxMessage{Body: []byte(acc.ID)}).Error
	})
}
