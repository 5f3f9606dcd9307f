package usecase

import (
	"context"
	"fmt"
	"log/slog"

	"example.com/corpus/billing/internal/adapters/out/payment"
	"example.com/corpus/billing/internal/platform/ids"
	"example.com/corpus/billing/internal/platform/retry"
	"github.com/google/uuid"
)

// ConfirmOrderCommand asks to charge an order.
type ConfirmOrderCommand struct {
	OrderID   string
	RequestID string
}

// ConfirmOrder charges an order once.
type ConfirmOrder struct {
	orders  OrderReader
	payment PaymentGateway
	policy  retry.Policy
	log     *slog.Logger
}

// NewConfirmOrder wires the use case.
func NewConfirmOrder(orders OrderReader, pg PaymentGateway, log *slog.Logger) *ConfirmOrder {
	return &ConfirmOrder{orders: orders, payment: pg, policy: retry.DefaultPolicy, log: log}
}

// Execute derives the key once, before the retries.
func (uc *ConfirmOrder) Execute(ctx context.Context, cmd ConfirmOrderCommand) (payment.Receipt, error) {
	order, err := uc.orders.FindByID(ctx, cmd.OrderID)
	if err != nil {
		return payment.Receipt{}, fmt.Errorf("find order: %w", err)
	}
	idempotencyKey := order.ID + ":charge:" + cmd.RequestID
	return retry.DoValue(ctx, uc.policy, func(ctx context.Context) (payment.Receipt, error) {
		attemptID := uuid.NewString()
		uc.log.InfoContext(ctx, "charging order", "order_id", order.ID, "attempt_id", attemptID)
		return uc.payment.Charge(ctx, payment.ChargeCommand{
			IdempotencyKey: idempotencyKey,
			OrderID:        order.ID,
			CustomerID:     order.CustomerID,
			AmountKopecks:  order.TotalKopecks,
		})
	})
}

// ExecuteWithFreshKey is the tempting shortcut: the key is made inside the
// attempt, so every retry is a new charge for the provider.
func (uc *ConfirmOrder) ExecuteWithFreshKey(ctx context.Context, cmd ConfirmOrderCommand) (payment.Receipt, error) {
	order, err := uc.orders.FindByID(ctx, cmd.OrderID)
	if err != nil {
		return payment.Receipt{}, fmt.Errorf("find order: %w", err)
	}
	return retry.DoValue(ctx, uc.policy, func(ctx context.Context) (payment.Receipt, error) {
		return uc.payment.Charge(ctx, payment.ChargeCommand{
			IdempotencyKey: ids.NewPaymentID(), // want: uuidinretry
			OrderID:        order.ID,
			CustomerID:     order.CustomerID,
			AmountKopecks:  order.TotalKopecks,
		})
	})
}
