// Package gorabbit: a relay on wagslane/go-rabbitmq, whose PublishWithContext
// waits for no confirmation, and one that waits for the deferred
// confirmations before marking.
package gorabbit

import (
	"context"
	"database/sql"
	"errors"

	rabbitmq "github.com/wagslane/go-rabbitmq"
)

type Relay struct {
	db  *sql.DB
	pub *rabbitmq.Publisher
}

func (r *Relay) send(ctx context.Context, id int64, body []byte) error {
	if err := r.pub.PublishWithContext(ctx, body, []string{"orders"}); err != nil { // want `relay marks rows published \(UPDATE, line 23\) after go-rabbitmq PublishWithContext, which waits for no publisher confirmation: a message the broker drops still returns nil`
		return err
	}
	_, err := r.db.ExecContext(ctx, "UPDATE outbox SET processed_at = now() WHERE id = $1", id)
	return err
}

func (r *Relay) sendConfirmed(ctx context.Context, id int64, body []byte) error {
	confirms, err := r.pub.PublishWithDeferredConfirmWithContext(ctx, body, []string{"orders"})
	if err != nil {
		return err
	}
	for _, c := range confirms {
		if !c.Wait() {
			return errors.New("nacked")
		}
	}
	_, err = r.db.ExecContext(ctx, "UPDATE outbox SET processed_at = now() WHERE id = $1", id)
	return err
}

func (r *Relay) sendUnawaited(ctx context.Context, id int64, body []byte) error {
	if _, err := r.pub.PublishWithDeferredConfirmWithContext(ctx, body, []string{"orders"}); err != nil { // want `after PublishWithDeferredConfirmWithContext whose confirmation is not awaited`
		return err
	}
	_, err := r.db.ExecContext(ctx, "UPDATE outbox SET processed_at = now() WHERE id = $1", id)
	return err
}
