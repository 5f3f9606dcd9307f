// Package app holds the use cases, written against the domain ports; it // want package:`pending\(app\.Idempotent at app\.go:20 → app\.go:25; app\.\(\*Coupons\)\.Apply at app\.go:38 → app\.go:42; app\.\(\*Coupons\)\.ApplyClaimed at app\.go:48 → app\.go:55; app\.\(\*Bookings\)\.Book at app\.go:66 → app\.go:70\)`
// imports no adapter, so the implementations are out of sight here and
// each sequence is left pending for the composition root.
package app

import (
	"context"
	"net/http"

	"checkthenact/rootwired/domain"
)

// Idempotent replays a stored response, or runs next and stores its
// response: check through one port, insert through another (bad when
// wired to store.IdempotencyKeys: no unique index on key).
func Idempotent(keys domain.IdempotencyStore) func(http.Handler) http.Handler { // want Idempotent:`keyOps\(leaves: http\.Handler\.ServeHTTP; port: domain\.IdempotencyStore\.Find; port: domain\.IdempotencyStore\.Save\)`
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			key := r.Header.Get("Idempotency-Key")
			if body, err := keys.Find(r.Context(), key); err == nil && body != nil {
				_, _ = w.Write(body)
				return
			}
			next.ServeHTTP(w, r)
			_ = keys.Save(r.Context(), key, []byte("ok"))
		})
	}
}

// Coupons redeems coupons.
type Coupons struct {
	Redemptions domain.Redemptions
}

// Apply checks and records a redemption; the primary key on order_id
// fails the second insert and nothing runs between: good.
func (c *Coupons) Apply(ctx context.Context, orderID, coupon string) error { // want Apply:`keyOps\(port: domain\.Redemptions\.Redeemed; port: domain\.Redemptions\.Redeem\)`
	used, err := c.Redemptions.Redeemed(ctx, orderID)
	if err != nil || used {
		return err
	}
	return c.Redemptions.Redeem(ctx, orderID, coupon)
}

// ApplyClaimed claims the order with ON CONFLICT DO NOTHING after the
// check: good.
func (c *Coupons) ApplyClaimed(ctx context.Context, orderID, coupon string, notify domain.Bank) error { // want ApplyClaimed:`keyOps\(port: domain\.Redemptions\.Redeemed; port: domain\.Bank\.Transfer; port: domain\.Redemptions\.Claim\)`
	used, err := c.Redemptions.Redeemed(ctx, orderID)
	if err != nil || used {
		return err
	}
	if _, err := notify.Transfer(ctx, "bonus", 1); err != nil {
		return err
	}
	return c.Redemptions.Claim(ctx, orderID, coupon)
}

// Bookings books through a port that nothing in the module implements.
type Bookings struct {
	Ledger domain.Ledger
}

// Book checks and books: the implementation is not known anywhere, so
// nothing is reported.
func (b *Bookings) Book(ctx context.Context, ref string, amount int64) error { // want Book:`keyOps\(port: domain\.Ledger\.Booked; port: domain\.Ledger\.Book\)`
	done, err := b.Ledger.Booked(ctx, ref)
	if err != nil || done {
		return err
	}
	return b.Ledger.Book(ctx, ref, amount)
}
