package payout

import (
	"context"
	"log/slog"
	"time"

	"example.com/corpus3/ledger/internal/platform/sqltx"
	"example.com/corpus3/ledger/internal/ports"
)

// Reconciler compares the ledger's balances with the bank's.
type Reconciler struct {
	uow      *sqltx.Factory
	entries  ports.Entries
	bank     ports.Bank
	accounts []string
	every    time.Duration
	log      *slog.Logger
}

// NewReconciler returns the reconciler.
func NewReconciler(uow *sqltx.Factory, entries ports.Entries, bank ports.Bank, accounts []string, log *slog.Logger) *Reconciler {
	return &Reconciler{uow: uow, entries: entries, bank: bank, accounts: accounts, every: 10 * time.Minute, log: log}
}

// Run reconciles every account each tick until ctx is done.
func (r *Reconciler) Run(ctx context.Context) error {
	t := time.NewTicker(r.every)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return nil
		case <-t.C:
		}
		for _, account := range r.accounts {
			if err := r.reconcile(ctx, account); err != nil { // ctxcancel: Run's loop stops on ctx (reported at reconcile's Begin)
				r.log.Error("reconcile", "account", account, "err", err)
			}
		}
	}
}

// reconcile locks the account row while it asks the bank.
func (r *Reconciler) reconcile(ctx context.Context, account string) error {
	uow, err := r.uow.Begin(ctx) // want: ctxcancel
	if err != nil {
		return err
	}
	defer uow.Rollback()
	if _, err := r.entries.LockAccount(ctx, uow.Tx(), account); err != nil {
		return err
	}
	ext, err := r.bank.Balance(ctx, account) // httpintx: GET inside FOR UPDATE; reported at the wiring (cmd/ledger/main.go, payout.NewReconciler)
	if err != nil {
		return err
	}
	if err := r.entries.SetExternalBalance(ctx, uow.Tx(), account, ext); err != nil {
		return err
	}
	return uow.Commit()
}
