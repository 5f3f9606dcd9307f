// Package gateway opens a checkout session at a payment provider over HTTP.
package gateway

import (
	"net/http"
	"strings"
)

type Provider struct{ Client *http.Client }

func (p *Provider) CreateCheckout(orderID string, amount int64) (string, error) {
	req, err := http.NewRequest(http.MethodPost, "https://pay.example/checkouts", strings.NewReader(orderID))
	if err != nil {
		return "", err
	}
	resp, err := p.Client.Do(req)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	return resp.Header.Get("Location"), nil
}
