package natscore

import (
	"context"
	"database/sql"

	"github.com/nats-io/nats.go"
	"go.opentelemetry.io/otel/codes"
	"go.opentelemetry.io/otel/trace"
)

type Relay struct {
	db *sql.DB
	nc *nats.Conn
}

func (r *Relay) send(ctx context.Context, id int64, subject string, body []byte) error {
	if err := r.nc.PublishMsg(&nats.Msg{Subject: subject, Data: body}); err != nil { // want `relay marks rows published \(DELETE, line 21\) after core NATS PublishMsg \(no acknowledgement\): core NATS stores and acknowledges nothing`
		return err
	}
	_, err := r.db.ExecContext(ctx, "DELETE FROM outbox_messages WHERE id = $1", id)
	return err
}

// A notification with no row to mark: not this rule's business.
func (r *Relay) notify(subject string) error { // want notify:`lossy\(natscore.\(\*Relay\).notify\)`
	return r.nc.Publish(subject, []byte("refresh"))
}

// A reply over core NATS followed by a tracing span's SetStatus: a
// library's method marks no row.
func (r *Relay) reply(span trace.Span, subject string, body []byte) { // want reply:`lossy\(natscore.\(\*Relay\).reply\)`
	if err := r.nc.PublishMsg(&nats.Msg{Subject: subject, Data: body}); err != nil {
		return
	}
	span.SetStatus(codes.Ok, "replied")
}

// A store named for outbox rows: its plain Mark is a mark.
type OutboxStore struct{}

func (OutboxStore) Mark(ctx context.Context, id int64) error { return nil }

// A chat store: MarkAsRead marks no relayed row.
type Chat struct{}

func (Chat) MarkAsRead(ctx context.Context, id int64) error { return nil }

func (r *Relay) sendMarked(ctx context.Context, store OutboxStore, id int64, body []byte) error {
	if err := r.nc.Publish("orders", body); err != nil { // want `relay marks rows published \(Mark, line 53\) after core NATS Publish`
		return err
	}
	return store.Mark(ctx, id)
}

func (r *Relay) chat(ctx context.Context, chat Chat, id int64, body []byte) error { // want chat:`lossy\(natscore.\(\*Relay\).chat\)`
	if err := r.nc.Publish("room", body); err != nil {
		return err
	}
	return chat.MarkAsRead(ctx, id)
}
