// Package gateway is a payment provider client behind the package's own
// interface.
package gateway

import (
	"context"
	"net/http"
)

// Client charges a payment.
type Client interface {
	Charge(ctx context.Context, orderID string) error
}

type httpClient struct {
	http *http.Client
	url  string
}

// New returns the HTTP client.
func New(c *http.Client, url string) Client { return &httpClient{http: c, url: url} }

func (c *httpClient) Charge(ctx context.Context, orderID string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.url+"/charges/"+orderID, nil)
	if err != nil {
		return err
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
