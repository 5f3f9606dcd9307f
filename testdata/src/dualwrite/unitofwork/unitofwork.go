// Package unitofwork publishes inside a transaction that a unit of work
// begins in its Begin method and keeps in a field until Commit.
package unitofwork

import (
	"context"
	"database/sql"

	amqp "github.com/rabbitmq/amqp091-go"
)

type UnitOfWork struct {
	db *sql.DB
	tx *sql.Tx
}

func (u *UnitOfWork) Begin(ctx context.Context) (err error) {
	u.tx, err = u.db.BeginTx(ctx, nil)
	return err
}

func (u *UnitOfWork) Commit() error { return u.tx.Commit() }

func (u *UnitOfWork) Rollback() error { return u.tx.Rollback() }

type Handler struct {
	uow *UnitOfWork
	ch  *amqp.Channel
}

func (h *Handler) Close(ctx context.Context, id string) error {
	if err := h.uow.Begin(ctx); err != nil {
		return err
	}
	defer h.uow.Rollback()
	if _, err := h.uow.tx.ExecContext(ctx, `UPDATE tickets SET closed = true WHERE id = $1`, id); err != nil {
		return err
	}
	if err := h.ch.PublishWithContext(ctx, "tickets", "closed", false, false, amqp.Publishing{Body: []byte(id)}); err != nil { // want `Close publishes \(\(\*amqp091\.Channel\)\.PublishWithContext\) inside the transaction begun at unitofwork\.go:32, which writes`
		return err
	}
	return h.uow.Commit()
}
