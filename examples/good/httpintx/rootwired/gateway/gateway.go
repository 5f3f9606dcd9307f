// Package gateway opens hosted checkouts at the payment provider over HTTP.
package gateway

import (
	"context"
	"fmt"
	"net/http"
	"strings"
)

// Provider is the provider's HTTP client.
type Provider struct {
	Client  *http.Client
	BaseURL string
}

// NewProvider returns the provider at baseURL.
func NewProvider(baseURL string) *Provider {
	return &Provider{Client: http.DefaultClient, BaseURL: baseURL}
}

// CreateCheckout implements domain.PaymentGateway.
func (p *Provider) CreateCheckout(ctx context.Context, orderID string, amount int64) (string, error) {
	body := fmt.Sprintf(`{"order":%q,"amount":%d}`, orderID, amount)
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, p.BaseURL+"/checkouts", strings.NewReader(body))
	if err != nil {
		return "", err
	}
	req.Header.Set("Idempotency-Key", orderID)
	resp, err := p.Client.Do(req)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	return resp.Header.Get("Location"), nil
}
