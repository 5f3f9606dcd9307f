package usecase

import (
	"context"
	"fmt"

	"example.com/corpus/billing/internal/adapters/out/payment"
	"example.com/corpus/billing/internal/platform/ids"
)

// SettleOrder captures the payment for an order at the provider.
type SettleOrder struct {
	gateway *payment.Client
}

// NewSettleOrder wires the use case on the concrete provider client.
func NewSettleOrder(gw *payment.Client) *SettleOrder { return &SettleOrder{gateway: gw} }

// Execute charges the order with a key derived from it.
func (s *SettleOrder) Execute(ctx context.Context, o Order) (string, error) {
	r, err := s.gateway.Charge(ctx, payment.ChargeCommand{
		IdempotencyKey: ids.Deterministic("settle", o.ID),
		OrderID:        o.ID,
		CustomerID:     o.CustomerID,
		AmountKopecks:  o.TotalKopecks,
	})
	if err != nil {
		return "", fmt.Errorf("settle order %s: %w", o.ID, err)
	}
	return r.ChargeID, nil
}
