// Package sqlcgen: the check and the insert are sqlc query methods; the
// schema is not in the module, and a publish runs between them.
package sqlcgen

import (
	"context"
	"database/sql"
	"errors"

	"checkthenact/sqlcgen/db"
)

type Publisher interface {
	Publish(ctx context.Context, topic string, body []byte) error
}

type Handler struct {
	q   *db.Queries
	pub Publisher
}

func (h *Handler) Handle(ctx context.Context, eventID string, body []byte) error { // want Handle:`keyOps\(read handled_events\.event_id of p1, insert handled_events\.event_id of p1; writes: db\.\(\*Queries\)\.InsertEvent → db\.DBTX\.ExecContext; port: sqlcgen\.Publisher\.Publish\)`
	if _, err := h.q.GetEventByID(ctx, eventID); !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	if err := h.pub.Publish(ctx, "billing", body); err != nil {
		return err
	}
	return h.q.InsertEvent(ctx, db.InsertEventParams{EventID: eventID, Consumer: "billing"}) // want `\(\*Handler\)\.Handle checks eventID with db\.\(\*Queries\)\.GetEventByID → db\.DBTX\.QueryRowContext \(line 23\) and inserts it later \(line 29\) without a claim: two concurrent retries both pass the check; no schema for handled_events is visible in the module`
}
