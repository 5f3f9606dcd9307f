// Package events holds the event payloads and the dedup store the consumers share.
package events

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"time"
)

// PaymentEvent is what the payments service publishes.
type PaymentEvent struct {
	EventID     string    `json:"event_id"`
	PaymentID   string    `json:"payment_id"`
	Kind        string    `json:"kind"`
	AmountMinor int64     `json:"amount_minor"`
	At          time.Time `json:"at"`
}

// Decode parses one event.
func Decode(b []byte) (PaymentEvent, error) {
	var ev PaymentEvent
	if err := json.Unmarshal(b, &ev); err != nil {
		return PaymentEvent{}, fmt.Errorf("decode event: %w", err)
	}
	return ev, nil
}

// Projector applies events to the read model, once per event id.
type Projector struct {
	DB *sql.DB
}

// Apply stores an event in one transaction with its processed_event row.
func (p *Projector) Apply(ctx context.Context, ev PaymentEvent) error {
	tx, err := p.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	res, err := tx.ExecContext(ctx,
		`INSERT INTO processed_event (event_id) VALUES ($1) ON CONFLICT DO NOTHING`, ev.EventID)
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		return err // duplicate: already applied
	}
	if _, err := tx.ExecContext(ctx,
		`INSERT INTO payment_view (payment_id, kind, amount_minor, at) VALUES ($1, $2, $3, $4)
		 ON CONFLICT (payment_id) DO UPDATE SET kind = EXCLUDED.kind, at = EXCLUDED.at`,
		ev.PaymentID, ev.Kind, ev.AmountMinor, ev.At); err != nil {
		return err
	}
	return tx.Commit()
}
