// Package payout is the withdraw handler of a fintech service (batch4
// sweep), run by a Kafka event bus that redelivers an event whose handler
// failed (through its DLQ). The handler creates a Stripe transfer with no
// idempotency key, then records the payout and emits an event; when either
// of those fails, the handler fails and the event comes back: the transfer
// is made again and the customer is paid twice.
package payout

import (
	"context"
	"fmt"

	"github.com/segmentio/kafka-go"
	stripe "github.com/stripe/stripe-go/v82"
	"github.com/stripe/stripe-go/v82/transfer"
)

type Users interface {
	SaveTransfer(ctx context.Context, userID, transferID string) error
}

type Withdraw struct {
	TransactionID string
	UserID        string
	Account       string
	Amount        int64
}

func Handle(ctx context.Context, users Users, w Withdraw) error { // want Handle:`sendsUnkeyedPayment`
	params := &stripe.TransferParams{
		Amount:      stripe.Int64(w.Amount),
		Currency:    stripe.String("usd"),
		Destination: stripe.String(w.Account),
	}
	params.AddMetadata("transaction_id", w.TransactionID)
	t, err := transfer.New(params)
	if err != nil {
		return fmt.Errorf("payout: %w", err)
	}
	return users.SaveTransfer(ctx, w.UserID, t.ID)
}

// HandleKeyed is the correct form: the transaction ID of the event is the
// idempotency key, so Stripe returns the first transfer on a redelivery.
func HandleKeyed(ctx context.Context, users Users, w Withdraw) error {
	params := &stripe.TransferParams{
		Amount:      stripe.Int64(w.Amount),
		Currency:    stripe.String("usd"),
		Destination: stripe.String(w.Account),
	}
	params.SetIdempotencyKey("payout-" + w.TransactionID)
	t, err := transfer.New(params)
	if err != nil {
		return fmt.Errorf("payout: %w", err)
	}
	return users.SaveTransfer(ctx, w.UserID, t.ID)
}

// Consume runs Handle for each withdraw event and commits after it.
func Consume(ctx context.Context, r *kafka.Reader, users Users, decode func([]byte) Withdraw) error { // want Consume:`sendsUnkeyedPayment`
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := Handle(ctx, users, decode(m.Value)); err != nil { // want `Handle → transfer.New in the handling of one Kafka delivery .* no idempotency key`
			return err
		}
		if err := r.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
}
