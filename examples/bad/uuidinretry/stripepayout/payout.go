// Package stripepayout pays out withdrawals consumed from Kafka with a
// Stripe transfer whose params carry no idempotency key: when recording the
// payout fails, the message is not committed, comes back, and the customer
// is paid a second time.
package stripepayout

import (
	"context"
	"encoding/json"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/segmentio/kafka-go"
	"github.com/stripe/stripe-go/v82"
)

type Withdrawal struct {
	ID      string `json:"id"`
	Account string `json:"account"`
	Amount  int64  `json:"amount"`
}

func Run(ctx context.Context, r *kafka.Reader, sc *stripe.Client, pool *pgxpool.Pool) error {
	for {
		msg, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		var w Withdrawal
		if err := json.Unmarshal(msg.Value, &w); err != nil {
			return err
		}
		params := &stripe.TransferCreateParams{
			Amount:      stripe.Int64(w.Amount),
			Currency:    stripe.String(string(stripe.CurrencyUSD)),
			Destination: stripe.String(w.Account),
		}
		t, err := sc.V1Transfers.Create(ctx, params) // want: uuidinretry
		if err != nil {
			return err
		}
		if _, err := pool.Exec(ctx, `UPDATE withdrawal SET transfer_id = $1, status = 'paid' WHERE id = $2`, t.ID, w.ID); err != nil {
			return err
		}
		if err := r.CommitMessages(ctx, msg); err != nil {
			return err
		}
	}
}
