// Package service checks the key through one repository method and
// inserts it through another, with network calls between.
package service

import (
	"context"
	"database/sql"
	"net/http"

	"checkthenact/crosspkg/repo"
)

type Request struct {
	IdempotencyKey string
	TripID         string
}

type OrderService struct {
	db     *sql.DB
	orders *repo.OrderRepository
	client *http.Client
}

func (s *OrderService) CreateOrder(ctx context.Context, req *Request) (*repo.Order, error) { // want CreateOrder:`keyOps\(read orders\.idempotency_key of p1\.IdempotencyKey, insert orders\.idempotency_key of p1\.IdempotencyKey; leaves: \(\*http\.Client\)\.Get; writes: repo\.\(\*OrderRepository\)\.CreateTx → \(\*sql\.Tx\)\.ExecContext\)`
	existing, err := s.orders.GetByIdempotencyKey(ctx, req.IdempotencyKey)
	if err != nil || existing != nil {
		return existing, err
	}
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	if _, err := s.client.Get("http://catalog/trips/" + req.TripID); err != nil {
		return nil, err
	}
	o := &repo.Order{ID: "new", IdempotencyKey: req.IdempotencyKey}
	if err := s.orders.CreateTx(ctx, tx, o); err != nil { // want `\(\*OrderService\)\.CreateOrder checks req\.IdempotencyKey with repo\.\(\*OrderRepository\)\.GetByIdempotencyKey → \(\*sql\.DB\)\.QueryRowContext \(line 25\) and inserts it later \(line 38\) without a claim: two concurrent retries both pass the check; no schema for orders is visible in the module`
		return nil, err
	}
	return o, tx.Commit()
}

// Cache is the interface the consumer holds; the repo package implements it.
type Cache interface {
	Get(ctx context.Context, key string) error
	Set(ctx context.Context, key string) error
}

type Reserver interface {
	Reserve(ctx context.Context, orderID string) error
}

type Consumer struct {
	cache    Cache
	reserver Reserver
}

var _ Cache = (*repo.IdempotentCache)(nil)

func (c *Consumer) Consume(ctx context.Context, key, orderID string) error { // want Consume:`keyOps\(read redis of p1, insert redis of p1; writes: service\.Cache\.Set → \(\*redis\.Client\)\.Set; port: service\.Reserver\.Reserve\)`
	if err := c.cache.Get(ctx, key); err == nil {
		return nil
	}
	if err := c.reserver.Reserve(ctx, orderID); err != nil {
		return err
	}
	return c.cache.Set(ctx, key) // want `\(\*Consumer\)\.Consume checks key with service\.Cache\.Get → \(\*redis\.Client\)\.Get \(line 62\) and inserts it later \(line 68\) without a claim: two concurrent retries both pass the check; service\.Reserver\.Reserve \(line 65\) runs for both`
}
