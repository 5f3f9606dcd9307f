// Package stripesdk opens Stripe checkout sessions through stripe-go, whose
// resource functions hide the HTTP client: each is a request to the API.
package stripesdk

import (
	"context"
	"database/sql"

	stripe "github.com/stripe/stripe-go/v82"
	"github.com/stripe/stripe-go/v82/checkout/session"
	"github.com/stripe/stripe-go/v82/webhook"
)

func Checkout(ctx context.Context, db *sql.DB, orderID string) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `UPDATE orders SET status = 'reserved' WHERE id = $1`, orderID); err != nil {
		return err
	}
	params := &stripe.CheckoutSessionParams{SuccessURL: stripe.String("https://shop.example/ok")}
	if _, err := session.New(params); err != nil { // want `network call session\.New inside the transaction begun at stripesdk\.go:15`
		return err
	}
	return tx.Commit()
}

func CheckoutClient(ctx context.Context, db *sql.DB, sc *stripe.Client, orderID string) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `UPDATE orders SET status = 'reserved' WHERE id = $1`, orderID); err != nil {
		return err
	}
	if _, err := sc.V1CheckoutSessions.Create(ctx, &stripe.CheckoutSessionCreateParams{}); err != nil { // want `network call stripe\.v1CheckoutSessionService\.Create inside the transaction`
		return err
	}
	return tx.Commit()
}

// Good: verifying a webhook, building parameters and listing lazily send
// nothing while the transaction is open; the session is opened after the
// commit.
func Webhook(ctx context.Context, db *sql.DB, body []byte, sig, orderID string) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	ev, err := webhook.ConstructEvent(body, sig, "whsec")
	if err != nil {
		return err
	}
	_ = session.List(&stripe.CheckoutSessionParams{SuccessURL: stripe.String(ev.Type)})
	if _, err := tx.ExecContext(ctx, `UPDATE orders SET status = 'paid' WHERE id = $1`, orderID); err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return err
	}
	_, err = session.New(&stripe.CheckoutSessionParams{})
	return err
}
