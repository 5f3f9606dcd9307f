// Package gateway implements the payment gateway and the notifier over HTTP.
package gateway

import (
	"context"
	"net/http"
	"strings"
)

type HTTP struct{ Client *http.Client }

func (g *HTTP) Charge(ctx context.Context, id string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://pay.example/charges", strings.NewReader(id))
	if err != nil {
		return err
	}
	resp, err := g.Client.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func NewHTTP() *HTTP { return &HTTP{Client: http.DefaultClient} }

type Notifier struct{ Client *http.Client }

func (n *Notifier) Notify(ctx context.Context, id string) error {
	resp, err := n.Client.Post("https://hooks.example/reserved", "text/plain", strings.NewReader(id))
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
