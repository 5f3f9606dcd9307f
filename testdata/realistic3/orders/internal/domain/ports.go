package domain

import "context"

// TxManager runs fn in one database transaction; repositories called with
// the ctx fn receives join it.
type TxManager interface {
	WithinTransaction(ctx context.Context, fn func(ctx context.Context) error) error
	WithinReadOnly(ctx context.Context, fn func(ctx context.Context) error) error
}

// OrderRepository stores orders.
type OrderRepository interface {
	Create(ctx context.Context, o Order) error
	Get(ctx context.Context, id string) (Order, error)
	GetForUpdate(ctx context.Context, id string) (Order, error)
	MarkPaid(ctx context.Context, id, chargeID string) error
	MarkShipped(ctx context.Context, ev ShipmentEvent) error
	MarkRefunded(ctx context.Context, id string, amount int64) error
}

// PaymentRepository stores confirmed payments.
type PaymentRepository interface {
	Insert(ctx context.Context, id, orderID, provider string, amount int64) error
}

// PaymentAttempts records each attempt to charge an order.
type PaymentAttempts interface {
	Start(ctx context.Context, orderID, attemptKey string) (int64, error)
	StartOnce(ctx context.Context, orderID, attemptKey string) (id int64, started bool, err error)
}

// Inbox deduplicates consumed events.
type Inbox interface {
	Claim(ctx context.Context, consumer, eventID string) (bool, error)
}

// Outbox queues events in the caller's transaction.
type Outbox interface {
	Add(ctx context.Context, topic, key string, payload []byte) error
}

// IdempotencyStore keeps responses per Idempotency-Key.
type IdempotencyStore interface {
	Find(ctx context.Context, key string) (*StoredResponse, error)
	Save(ctx context.Context, key string, resp StoredResponse) error
}

// Coupons records coupon redemptions.
type Coupons interface {
	Redeemed(ctx context.Context, orderID string) (bool, error)
	Redeem(ctx context.Context, orderID, coupon string) error
}

// EventPublisher publishes integration events.
type EventPublisher interface {
	Publish(ctx context.Context, topic, key string, payload []byte) error
}

// PaymentGateway is the payment provider.
type PaymentGateway interface {
	Charge(ctx context.Context, req ChargeRequest) (ChargeResult, error)
	Quote(ctx context.Context, from, to string) (Quote, error)
}
