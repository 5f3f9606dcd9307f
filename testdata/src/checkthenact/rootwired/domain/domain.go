// Package domain declares the ports the use cases need; the adapters
// implement them and only the composition root imports both.
package domain

import "context"

// IdempotencyStore keeps responses per Idempotency-Key.
type IdempotencyStore interface {
	Find(ctx context.Context, key string) ([]byte, error)
	Save(ctx context.Context, key string, body []byte) error
}

// Redemptions records coupon redemptions, one per order.
type Redemptions interface {
	Redeemed(ctx context.Context, orderID string) (bool, error)
	Redeem(ctx context.Context, orderID, coupon string) error
	Claim(ctx context.Context, orderID, coupon string) error
}

// Bank is the partner bank.
type Bank interface {
	Transfer(ctx context.Context, iban string, amount int64) (string, error)
}

// Ledger books amounts (implemented nowhere in the module).
type Ledger interface {
	Booked(ctx context.Context, ref string) (bool, error)
	Book(ctx context.Context, ref string, amount int64) error
}
