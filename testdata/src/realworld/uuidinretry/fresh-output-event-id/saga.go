// Package saga is one step of a choreographed order saga (batch3 sweep): the
// payment step consumes InventoryReserved, publishes PaymentSucceeded and
// commits. The step after it (shipping, in the same module) skips an event
// whose EventID it has recorded in processed_events. The payment step mints
// the EventID of the event it publishes afresh on every delivery, so when it
// crashes after the publish and before the commit, the redelivered message is
// published again under a new EventID and shipping's dedup cannot match it:
// the order ships twice. An ID derived from the input event's ID (or carried
// over) keeps the redelivery a duplicate.
package saga

import (
	"context"
	"encoding/json"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/segmentio/kafka-go"
)

type InventoryReserved struct {
	EventID string `json:"event_id"`
	OrderID string `json:"order_id"`
}

type PaymentSucceeded struct {
	EventID string `json:"event_id"`
	OrderID string `json:"order_id"`
}

func payment(in InventoryReserved) PaymentSucceeded {
	return PaymentSucceeded{
		EventID: uuid.NewString(), // want `makes a new key per redelivery`
		OrderID: in.OrderID,
	}
}

// Good: the published event's ID is derived from the consumed event's ID, so
// every redelivery publishes the same ID.
func paymentDerived(in InventoryReserved) PaymentSucceeded {
	return PaymentSucceeded{
		EventID: uuid.NewSHA1(uuid.NameSpaceOID, []byte("payment:"+in.EventID)).String(),
		OrderID: in.OrderID,
	}
}

func RunPayment(ctx context.Context, r *kafka.Reader, w *kafka.Writer, derived bool) error { // want RunPayment:`makesFreshID\(payment → uuid.NewString\)`
	for {
		msg, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		var in InventoryReserved
		if err := json.Unmarshal(msg.Value, &in); err != nil {
			return err
		}
		out := payment(in)
		if derived {
			out = paymentDerived(in)
		}
		body, _ := json.Marshal(out)
		if err := w.WriteMessages(ctx, kafka.Message{Key: []byte(out.OrderID), Value: body}); err != nil {
			return err
		}
		if err := r.CommitMessages(ctx, msg); err != nil {
			return err
		}
	}
}

// RunShipping is the next step: it dedups PaymentSucceeded on its EventID.
func RunShipping(ctx context.Context, r *kafka.Reader, db *pgxpool.Pool) error {
	for {
		msg, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		var in PaymentSucceeded
		if err := json.Unmarshal(msg.Value, &in); err != nil {
			return err
		}
		tag, err := db.Exec(ctx, `INSERT INTO processed_events (event_id) VALUES ($1) ON CONFLICT DO NOTHING`, in.EventID)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 1 {
			if _, err := db.Exec(ctx, `INSERT INTO shipments (order_id) VALUES ($1)`, in.OrderID); err != nil {
				return err
			}
		}
		if err := r.CommitMessages(ctx, msg); err != nil {
			return err
		}
	}
}
