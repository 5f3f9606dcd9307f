// Package accounts writes with GORM and sqlx and publishes to RabbitMQ
// with amqp091, inside and after the transaction.
package accounts

import (
	"context"

	"github.com/jmoiron/sqlx"
	amqp "github.com/rabbitmq/amqp091-go"
	"gorm.io/gorm"
)

type Account struct {
	ID      string
	Balance int64
}

type Service struct {
	db *gorm.DB
	x  *sqlx.DB
	ch *amqp.Channel
}

// Open publishes inside the GORM transaction: if the commit fails, the
// event announces an account that was rolled back.
func (s *Service) Open(ctx context.Context, a *Account) error {
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Create(a).Error; err != nil {
			return err
		}
		return s.ch.PublishWithContext(ctx, "accounts", "account.opened", false, false, amqp.Publishing{Body: []byte(a.ID)}) // want: dualwrite
	})
}

// Credit updates with sqlx and then publishes.
func (s *Service) Credit(ctx context.Context, id string, amount int64) error {
	tx, err := s.x.BeginTxx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `UPDATE accounts SET balance = balance + $2 WHERE id = $1`, id, amount); err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return err
	}
	return s.ch.PublishWithContext(ctx, "accounts", "account.credited", false, false, amqp.Publishing{Body: []byte(id)}) // want: dualwrite
}
