package pg

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"

	"example.com/corpus3/orders/internal/domain"
	"example.com/corpus3/orders/internal/platform/txman"
)

// IdempotencyKeys implements domain.IdempotencyStore (no unique index on key:
// the table predates the middleware).
type IdempotencyKeys struct {
	tm *txman.Manager
}

// NewIdempotencyKeys returns the store.
func NewIdempotencyKeys(tm *txman.Manager) *IdempotencyKeys { return &IdempotencyKeys{tm: tm} }

// Find returns the stored response for key, or nil.
func (r *IdempotencyKeys) Find(ctx context.Context, key string) (*domain.StoredResponse, error) {
	var resp domain.StoredResponse
	err := r.tm.Conn(ctx).QueryRow(ctx,
		`SELECT status, body FROM idempotency_keys WHERE key = $1 ORDER BY id DESC LIMIT 1`, key).Scan(&resp.Status, &resp.Body)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return &resp, nil
}

// Save stores the response for key.
func (r *IdempotencyKeys) Save(ctx context.Context, key string, resp domain.StoredResponse) error {
	_, err := r.tm.Conn(ctx).Exec(ctx,
		`INSERT INTO idempotency_keys (key, status, body) VALUES ($1, $2, $3)`, key, resp.Status, resp.Body)
	return err
}

// Coupons implements domain.Coupons (coupon_redemptions.order_id is unique).
type Coupons struct {
	tm *txman.Manager
}

// NewCoupons returns the repository.
func NewCoupons(tm *txman.Manager) *Coupons { return &Coupons{tm: tm} }

// Redeemed reports whether the order already used a coupon.
func (r *Coupons) Redeemed(ctx context.Context, orderID string) (bool, error) {
	var n int
	err := r.tm.Conn(ctx).QueryRow(ctx, `SELECT count(*) FROM coupon_redemptions WHERE order_id = $1`, orderID).Scan(&n)
	return n > 0, err
}

// Redeem records the redemption.
func (r *Coupons) Redeem(ctx context.Context, orderID, coupon string) error {
	_, err := r.tm.Conn(ctx).Exec(ctx, `INSERT INTO coupon_redemptions (order_id, coupon) VALUES ($1, $2)`, orderID, coupon)
	return err
}

// Outbox implements domain.Outbox.
type Outbox struct {
	tm *txman.Manager
}

// NewOutbox returns the outbox.
func NewOutbox(tm *txman.Manager) *Outbox { return &Outbox{tm: tm} }

// Add queues an event in the caller's transaction.
func (r *Outbox) Add(ctx context.Context, topic, key string, payload []byte) error {
	_, err := r.tm.Conn(ctx).Exec(ctx, `INSERT INTO outbox (topic, key, payload) VALUES ($1, $2, $3)`, topic, key, payload)
	return err
}
