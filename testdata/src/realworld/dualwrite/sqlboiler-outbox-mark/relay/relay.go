// Package relay is an outbox relay on SQLBoiler models: a worker takes each
// unsent outbox row, produces it, and then marks it sent with the model's
// Upsert (batch 5: an order service's outbox dispatcher). A crash between
// the produce and the mark re-sends the row on the next poll; nothing is
// lost, and the only write is the outbox row's own mark.
package relay

import (
	"context"
	"database/sql"
	"time"

	"github.com/twmb/franz-go/pkg/kgo"
	"github.com/volatiletech/sqlboiler/v4/boil"

	"realworld/dualwrite/sqlboiler-outbox-mark/models"
)

type Dispatcher struct {
	client *kgo.Client
	db     *sql.DB
}

func (d *Dispatcher) Work(ctx context.Context, rows <-chan models.Outbox) {
	for {
		select {
		case row := <-rows:
			d.process(ctx, row)
		case <-ctx.Done():
			return
		}
	}
}

func (d *Dispatcher) process(ctx context.Context, row models.Outbox) {
	if err := d.client.ProduceSync(ctx, &kgo.Record{Topic: "orders", Key: []byte(row.ID), Value: row.Payload}).FirstErr(); err != nil {
		return
	}
	now := time.Now().Format(time.RFC3339)
	row.SentAt = &now
	_ = row.Upsert(ctx, d.db, true, []string{"id"}, boil.Whitelist("sent_at"), boil.Whitelist("id", "payload", "sent_at"))
}
