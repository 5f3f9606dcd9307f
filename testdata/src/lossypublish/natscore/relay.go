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
