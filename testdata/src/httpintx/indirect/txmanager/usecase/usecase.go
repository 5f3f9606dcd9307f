// Package usecase calls the provider through two interfaces: inside the
// transaction manager's callback (bad) and after it (good).
package usecase

import (
	"context"

	"httpintx/indirect/txmanager/gateway"
	"httpintx/indirect/txmanager/txm"
)

type Orders struct {
	tm txm.Manager
	gw gateway.Client
}

func (o *Orders) Pay(ctx context.Context, id string) error {
	return o.tm.WithinTransaction(ctx, func(ctx context.Context) error {
		return o.gw.Charge(ctx, id) // want `HTTP call gateway\.Client\.Charge → gateway\.\(\*httpClient\)\.Charge → \(\*http\.Client\)\.Do inside the transaction that txm\.Manager\.WithinTransaction begins at txm\.go:23`
	})
}

// payInTx is passed by name: it runs in the transaction too.
func (o *Orders) payInTx(ctx context.Context) error {
	return o.gw.Charge(ctx, "o-1") // want `HTTP call gateway\.Client\.Charge .* inside the transaction that txm\.Manager\.WithinTransaction begins`
}

func (o *Orders) PayByName(ctx context.Context) error {
	return o.tm.WithinTransaction(ctx, o.payInTx)
}

// PayAfter charges after the transaction committed.
func (o *Orders) PayAfter(ctx context.Context, id string) error {
	if err := o.tm.WithinTransaction(ctx, func(ctx context.Context) error { return nil }); err != nil {
		return err
	}
	return o.gw.Charge(ctx, id)
}
