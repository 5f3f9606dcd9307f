package usecase

import (
	"context"
	"errors"
	"fmt"

	"example.com/corpus/billing/internal/adapters/out/payment"
	"example.com/corpus/billing/internal/platform/ids"
	"example.com/corpus/billing/internal/platform/retry"
	"github.com/google/uuid"
)

// BatchCharge charges many orders, one key per order.
type BatchCharge struct {
	payment PaymentGateway
	policy  retry.Policy
}

// NewBatchCharge wires the use case.
func NewBatchCharge(pg PaymentGateway) *BatchCharge {
	return &BatchCharge{payment: pg, policy: retry.DefaultPolicy}
}

// ChargeAll makes one key per item (a range loop is an item loop, not a
// retry loop) and retries each item with its own key.
func (b *BatchCharge) ChargeAll(ctx context.Context, orders []Order) error {
	var errs []error
	for _, o := range orders {
		key := uuid.NewString()
		err := retry.Do(ctx, b.policy, func(ctx context.Context) error {
			_, err := b.payment.Charge(ctx, payment.ChargeCommand{
				IdempotencyKey: key,
				OrderID:        o.ID,
				CustomerID:     o.CustomerID,
				AmountKopecks:  o.TotalKopecks,
			})
			return err
		})
		if err != nil {
			errs = append(errs, fmt.Errorf("order %s: %w", o.ID, err))
		}
	}
	return errors.Join(errs...)
}

// ChargeIndexed is an index loop over the slice: still one key per item.
func (b *BatchCharge) ChargeIndexed(ctx context.Context, orders []Order) error {
	for i := 0; i < len(orders); i++ {
		cmd := payment.ChargeCommand{
			IdempotencyKey: ids.NewPaymentID(),
			OrderID:        orders[i].ID,
			CustomerID:     orders[i].CustomerID,
			AmountKopecks:  orders[i].TotalKopecks,
		}
		if _, err := b.payment.Charge(ctx, cmd); err != nil {
			return fmt.Errorf("order %s: %w", orders[i].ID, err)
		}
	}
	return nil
}

// ChargeUntilAccepted is a hand-written retry loop around one order with the
// key minted per attempt.
func (b *BatchCharge) ChargeUntilAccepted(ctx context.Context, o Order) (payment.Receipt, error) {
	var lastErr error
	for attempt := 1; attempt <= 5; attempt++ {
		r, err := b.payment.Charge(ctx, payment.ChargeCommand{
			IdempotencyKey: uuid.New().String(), // want: uuidinretry
			OrderID:        o.ID,
			CustomerID:     o.CustomerID,
			AmountKopecks:  o.TotalKopecks,
		})
		if err == nil {
			return r, nil
		}
		if errors.Is(err, payment.ErrDeclined) {
			return payment.Receipt{}, err
		}
		lastErr = err
	}
	return payment.Receipt{}, fmt.Errorf("gave up after 5 attempts: %w", lastErr)
}

// ChargeUntilAcceptedKeyed is the same loop with the key made once.
func (b *BatchCharge) ChargeUntilAcceptedKeyed(ctx context.Context, o Order) (payment.Receipt, error) {
	key := ids.Deterministic("charge", o.ID)
	var lastErr error
	for attempt := range 5 {
		r, err := b.payment.Charge(ctx, payment.ChargeCommand{
			IdempotencyKey: key,
			OrderID:        o.ID,
			CustomerID:     o.CustomerID,
			AmountKopecks:  o.TotalKopecks,
		})
		if err == nil {
			return r, nil
		}
		lastErr = fmt.Errorf("attempt %d: %w", attempt, err)
	}
	return payment.Receipt{}, lastErr
}
