package strong

import (
	"context"
	"net/http"

	retry "github.com/avast/retry-go/v4"
	"github.com/google/uuid"
)

type ChargeRequest struct {
	IdempotencyKey string
	OrderID        string
}

type Payments struct{ c *http.Client }

func (p *Payments) Charge(ctx context.Context, req ChargeRequest) error    { return nil }
func (p *Payments) Pay(ctx context.Context, idemKey, orderID string) error { return nil }

func header(ctx context.Context, c *http.Client) error {
	return retry.Do(func() error {
		req, _ := http.NewRequestWithContext(ctx, http.MethodPost, "https://pay/charges", nil)
		req.Header.Set("Idempotency-Key", uuid.NewString()) // want `uuid.NewString in retry.Do callback makes a new idempotency key on every attempt \(it reaches the Idempotency-Key header\)`
		resp, err := c.Do(req)
		if err != nil {
			return err
		}
		return resp.Body.Close()
	})
}

func field(ctx context.Context, p *Payments, orderID string) error {
	return retry.Do(func() error {
		key := uuid.NewString() // want `makes a new idempotency key on every attempt \(it reaches field IdempotencyKey\)`
		return p.Charge(ctx, ChargeRequest{IdempotencyKey: key, OrderID: orderID})
	})
}

func param(ctx context.Context, p *Payments, orderID string) error {
	return retry.Do(func() error {
		return p.Pay(ctx, "pay:"+uuid.NewString(), orderID) // want `\(it reaches parameter idemKey of \(\*Payments\).Pay\)`
	})
}

func assignedField(ctx context.Context, p *Payments, orderID string) error {
	return retry.Do(func() error {
		var req ChargeRequest
		req.IdempotencyKey = uuid.New().String() // want `\(it reaches field IdempotencyKey\)`
		req.OrderID = orderID
		return p.Charge(ctx, req)
	})
}
