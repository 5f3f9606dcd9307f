// Package domain holds the orders service's entities and the ports its use
// cases depend on; adapters implement the ports, cmd/orders wires them.
package domain

import (
	"errors"
	"time"
)

// Order statuses.
const (
	StatusPlaced  = "PLACED"
	StatusPaid    = "PAID"
	StatusShipped = "SHIPPED"
	StatusRefund  = "REFUNDED"
)

// ErrNotFound is returned by repositories when no row matches.
var ErrNotFound = errors.New("not found")

// ErrAlreadyPaid is returned when an order was paid by an earlier attempt.
var ErrAlreadyPaid = errors.New("order already paid")

// Order is the aggregate.
type Order struct {
	ID         string
	CustomerID string
	Amount     int64
	Currency   string
	Status     string
	ChargeID   string
	CreatedAt  time.Time
}

// ChargeRequest asks the payment provider to charge a customer.
type ChargeRequest struct {
	IdempotencyKey string
	CustomerID     string
	Amount         int64
	Currency       string
	Description    string
}

// ChargeResult is the provider's answer.
type ChargeResult struct {
	ChargeID string
	Status   string
}

// Quote is a currency quote from the provider.
type Quote struct {
	From, To string
	Rate     float64
}

// StoredResponse is a response kept for an Idempotency-Key.
type StoredResponse struct {
	Status int
	Body   []byte
}

// PaymentEvent is what the provider's webhook bridge publishes to Kafka.
type PaymentEvent struct {
	EventID  string `json:"event_id"`
	OrderID  string `json:"order_id"`
	ChargeID string `json:"charge_id"`
	Amount   int64  `json:"amount"`
	Status   string `json:"status"`
}

// RefundEvent is published by the provider bridge when a refund settles.
type RefundEvent struct {
	EventID string `json:"event_id"`
	OrderID string `json:"order_id"`
	Amount  int64  `json:"amount"`
}

// ShipmentEvent is published by the warehouse.
type ShipmentEvent struct {
	OrderID string    `json:"order_id"`
	Carrier string    `json:"carrier"`
	At      time.Time `json:"at"`
}
