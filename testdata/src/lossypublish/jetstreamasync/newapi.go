package jetstreamasync

import (
	"context"
	"database/sql"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// The jetstream package's asynchronous publish, future dropped.
type NewAPIRelay struct {
	db *sql.DB
	js jetstream.JetStream
}

func (r *NewAPIRelay) send(ctx context.Context, id int64, data []byte) error {
	if _, err := r.js.PublishMsgAsync(&nats.Msg{Subject: "orders", Data: data}); err != nil { // want `relay marks rows published \(UPDATE, line 21\) after JetStream PublishMsgAsync whose PubAckFuture is not awaited`
		return err
	}
	_, err := r.db.ExecContext(ctx, "UPDATE outbox SET published_at = now() WHERE id = $1", id)
	return err
}
