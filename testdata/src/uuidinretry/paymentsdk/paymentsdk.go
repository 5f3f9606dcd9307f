// Package paymentsdk: a payment provider's create call (stripe-go) repeated
// by a retry or a redelivery with no idempotency key in its params.
package paymentsdk

import (
	"context"

	"github.com/ThreeDotsLabs/watermill/message"
	retry "github.com/avast/retry-go/v4"
	"github.com/segmentio/kafka-go"
	stripe "github.com/stripe/stripe-go/v82"
	"github.com/stripe/stripe-go/v82/transfer"
)

type Payout struct {
	ID      string
	Account string
	Amount  int64
}

// A transfer created in a retry operation with no key: each attempt after
// a timeout may pay again.
func retried(p Payout) error {
	return retry.Do(func() error {
		_, err := transfer.New(&stripe.TransferParams{Amount: stripe.Int64(p.Amount), Destination: stripe.String(p.Account)}) // want `transfer.New in retry.Do callback asks the payment provider to create an object with no idempotency key in its params`
		return err
	})
}

// The v82 client's service call, params in a local built here, in a Kafka
// delivery loop that commits after it.
func consumeV82(ctx context.Context, r *kafka.Reader, sc *stripe.Client, decode func([]byte) Payout) error {
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		p := decode(m.Value)
		params := &stripe.TransferCreateParams{Amount: stripe.Int64(p.Amount), Destination: stripe.String(p.Account)}
		params.AddMetadata("payout", p.ID)
		if _, err := sc.V1Transfers.Create(ctx, params); err != nil { // want `stripe.v1TransferService.Create in the handling of one Kafka delivery \(kafka.\(\*Reader\).FetchMessage\) asks the payment provider to create an object with no idempotency key in its params, so a redelivery`
			return err
		}
		if err := r.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
}

// Pay creates the transfer; its callers are judged (it is not an attempt
// itself).
func Pay(p Payout) error { // want Pay:"sendsUnkeyedPayment\\(transfer.New\\)"
	params := &stripe.TransferParams{Amount: stripe.Int64(p.Amount)}
	_, err := transfer.New(params)
	return err
}

// A watermill handler that pays through a helper: the chain is named.
func handler(msg *message.Message) error {
	return Pay(Payout{ID: msg.UUID}) // want `Pay → transfer.New in the handling of one delivery .* asks the payment provider to create an object`
}

// The correct forms.

// The key set on the params from the message.
func keyedInDelivery(msg *message.Message) error {
	params := &stripe.TransferParams{Amount: stripe.Int64(1)}
	params.SetIdempotencyKey("payout-" + msg.UUID)
	_, err := transfer.New(params)
	return err
}

// The key in the params literal.
func keyedLiteral(key string) error {
	return retry.Do(func() error {
		_, err := transfer.New(&stripe.TransferParams{Params: stripe.Params{IdempotencyKey: stripe.String(key)}})
		return err
	})
}

// Params received from the caller, or given to a project helper, may carry
// a key: not judged.
func fromCaller(params *stripe.TransferParams) error {
	return retry.Do(func() error {
		_, err := transfer.New(params)
		return err
	})
}

func withKey(params *stripe.TransferParams, id string) { params.SetIdempotencyKey(id) }

func viaHelper(msg *message.Message) error {
	params := &stripe.TransferParams{Amount: stripe.Int64(1)}
	withKey(params, msg.UUID)
	_, err := transfer.New(params)
	return err
}

// A retrieve is a read: repeating it is harmless.
func retrieve(ctx context.Context, sc *stripe.Client, msg *message.Message) error {
	_, err := sc.V1Transfers.Retrieve(ctx, msg.UUID, &stripe.TransferRetrieveParams{})
	return err
}

// A create outside any retry or delivery is made once.
func once(p Payout) error {
	_, err := transfer.New(&stripe.TransferParams{Amount: stripe.Int64(p.Amount)})
	return err
}
