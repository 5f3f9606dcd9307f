// want package:`pending\(usecase\.\(\*Checkout\)\.Pay at usecase\.go:31; usecase\.\(\*Checkout\)\.Pay at usecase\.go:34; usecase\.\(\*Checkout\)\.PayAfter at usecase\.go:41; usecase\.\(\*Approver\)\.Approve at usecase\.go:73; usecase\.\(\*Reserver\)\.Reserve at usecase\.go:97\)`

// Package usecase is written against the ports of package domain; it
// imports no adapter, so where it is analysed no transaction and (except
// for its own wallet client) no network call is in sight.
package usecase

import (
	"bytes"
	"context"
	"database/sql"
	"net/http"

	"httpintx/rootwired/domain"
)

type Checkout struct {
	uow    domain.UnitOfWork
	orders domain.Orders
	gw     domain.Gateway
}

func NewCheckout(uow domain.UnitOfWork, orders domain.Orders, gw domain.Gateway) *Checkout {
	return &Checkout{uow: uow, orders: orders, gw: gw}
}

// Pay charges inside the unit of work: a bug where the unit of work runs
// its callback in a transaction and the gateway calls a provider.
func (c *Checkout) Pay(ctx context.Context, id string) error {
	return c.uow.Execute(ctx, func(ctx context.Context) error {
		if err := c.orders.Save(ctx, id); err != nil {
			return err
		}
		return c.gw.Charge(ctx, id)
	})
}

// PayAfter charges after the unit of work has committed: correct.
func (c *Checkout) PayAfter(ctx context.Context, id string) error {
	if err := c.uow.Execute(ctx, func(ctx context.Context) error {
		return c.orders.Save(ctx, id)
	}); err != nil {
		return err
	}
	return c.gw.Charge(ctx, id)
}

type WalletClient struct{ Addr string }

func (w *WalletClient) Release(id string) error {
	resp, err := http.Post("http://"+w.Addr+"/release", "application/json", bytes.NewBufferString(id))
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

type Approver struct {
	repo   domain.StatusRepo
	wallet *WalletClient
}

func NewApprover(repo domain.StatusRepo, wallet *WalletClient) *Approver {
	return &Approver{repo: repo, wallet: wallet}
}

// Approve hands the repository a callback that calls the wallet service:
// a bug where the repository runs it between its Begin and Commit.
func (a *Approver) Approve(id string) error {
	var release func() error
	if a.wallet != nil {
		release = func() error {
			return a.wallet.Release(id)
		}
	}
	return a.repo.ChangeStatusWith(id, "completed", release)
}

type Reserver struct {
	db       *sql.DB
	notifier domain.Notifier
}

func NewReserver(db *sql.DB, n domain.Notifier) *Reserver { return &Reserver{db: db, notifier: n} }

// Reserve notifies inside its own writing transaction: a bug where the
// notifier calls a service over the network.
func (r *Reserver) Reserve(ctx context.Context, id string) error {
	tx, err := r.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `UPDATE seats SET held = true WHERE id = $1`, id); err != nil {
		return err
	}
	if err := r.notifier.Notify(ctx, id); err != nil {
		return err
	}
	return tx.Commit()
}

// Peek notifies inside a read-only transaction, which holds nothing:
// correct.
func (r *Reserver) Peek(ctx context.Context, id string) error {
	tx, err := r.db.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := r.notifier.Notify(ctx, id); err != nil {
		return err
	}
	return tx.Commit()
}
