// Package indirect calls a payment provider inside a transaction through
// the indirection real services use: a transaction manager interface with
// a callback, a provider behind an interface, a method value and a
// func-typed field.
package indirect

import (
	"context"
	"net/http"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// TxManager runs fn inside one transaction.
type TxManager interface {
	WithinTransaction(ctx context.Context, fn func(ctx context.Context) error) error
}

type pgxManager struct{ pool *pgxpool.Pool }

// NewTxManager returns the pgx implementation.
func NewTxManager(pool *pgxpool.Pool) TxManager { return &pgxManager{pool: pool} }

func (m *pgxManager) WithinTransaction(ctx context.Context, fn func(ctx context.Context) error) error {
	return pgx.BeginFunc(ctx, m.pool, func(tx pgx.Tx) error { return fn(ctx) })
}

// Payments charges an order with the provider.
type Payments interface {
	Charge(ctx context.Context, orderID string) error
}

type httpPayments struct {
	client *http.Client
	url    string
}

// NewPayments returns the HTTP implementation.
func NewPayments(c *http.Client, url string) Payments { return &httpPayments{client: c, url: url} }

func (p *httpPayments) Charge(ctx context.Context, orderID string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, p.url+"/charges/"+orderID, nil)
	if err != nil {
		return err
	}
	resp, err := p.client.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Orders marks orders paid.
type Orders struct {
	tm       TxManager
	payments Payments
	pool     *pgxpool.Pool
	notify   func(ctx context.Context, orderID string) error
}

// NewOrders wires the use case; notify is the provider's Charge kept in a field.
func NewOrders(tm TxManager, p Payments, pool *pgxpool.Pool) *Orders {
	return &Orders{tm: tm, payments: p, pool: pool, notify: p.Charge}
}

// Pay charges inside the transaction manager's callback.
func (o *Orders) Pay(ctx context.Context, orderID string) error {
	return o.tm.WithinTransaction(ctx, func(ctx context.Context) error {
		return o.payments.Charge(ctx, orderID) // want: httpintx
	})
}

// Send calls through a method value inside a transaction.
func (o *Orders) Send(ctx context.Context, c *http.Client, req *http.Request) error {
	tx, err := o.pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	do := c.Do
	if _, err := do(req); err != nil { // want: httpintx
		return err
	}
	return tx.Commit(ctx)
}

// Mark calls the provider through a func-typed field inside a transaction.
func (o *Orders) Mark(ctx context.Context, orderID string) error {
	tx, err := o.pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, "UPDATE orders SET state = 'paid' WHERE id = $1", orderID); err != nil {
		return err
	}
	if err := o.notify(ctx, orderID); err != nil { // want: httpintx
		return err
	}
	return tx.Commit(ctx)
}
