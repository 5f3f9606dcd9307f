// Package indirect is the fixed form of bad/httpintx/indirect: the
// transaction only writes the order and an outbox row; the provider is
// called after the commit (or from the outbox worker).
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
	req.Header.Set("Idempotency-Key", orderID+":charge")
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

// NewOrders wires the use case.
func NewOrders(tm TxManager, p Payments, pool *pgxpool.Pool) *Orders {
	return &Orders{tm: tm, payments: p, pool: pool, notify: p.Charge}
}

// Pay writes the outbox row in the transaction and charges after it.
func (o *Orders) Pay(ctx context.Context, orderID string) error {
	err := o.tm.WithinTransaction(ctx, func(ctx context.Context) error {
		return nil // INSERT INTO outbox (key, ...) through the repository
	})
	if err != nil {
		return err
	}
	return o.payments.Charge(ctx, orderID)
}

// Send commits before calling out.
func (o *Orders) Send(ctx context.Context, c *http.Client, req *http.Request) error {
	tx, err := o.pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if err := tx.Commit(ctx); err != nil {
		return err
	}
	do := c.Do
	_, err = do(req)
	return err
}

// Mark commits, then notifies.
func (o *Orders) Mark(ctx context.Context, orderID string) error {
	tx, err := o.pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, "UPDATE orders SET state = 'paid' WHERE id = $1", orderID); err != nil {
		return err
	}
	if err := tx.Commit(ctx); err != nil {
		return err
	}
	return o.notify(ctx, orderID)
}
