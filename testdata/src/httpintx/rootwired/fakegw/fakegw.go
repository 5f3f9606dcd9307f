// Package fakegw implements the gateway and the notifier without a
// network call (a local environment's provider).
package fakegw

import "context"

type Gateway struct{ Charged []string }

func (g *Gateway) Charge(ctx context.Context, id string) error {
	g.Charged = append(g.Charged, id)
	return nil
}

type Notifier struct{}

func (Notifier) Notify(ctx context.Context, id string) error { return nil }
