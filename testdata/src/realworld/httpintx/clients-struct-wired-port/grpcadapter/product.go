// Package grpcadapter implements ports.ProductGrpc over the generated
// client; ReduceStocks goes through a circuit breaker's Execute closure,
// ReleaseStocks calls the client directly.
package grpcadapter

import (
	"context"

	"github.com/sony/gobreaker/v2"

	"realworld/httpintx/clients-struct-wired-port/ports"
	"realworld/httpintx/clients-struct-wired-port/productpb"
)

var productBreaker = gobreaker.NewCircuitBreaker[any](gobreaker.Settings{Name: "product"})

type Product struct {
	client productpb.ProductServiceClient
}

func New(client productpb.ProductServiceClient) ports.ProductGrpc { return &Product{client: client} }

func (p *Product) ReduceStocks(ctx context.Context, orderID string) error {
	_, err := productBreaker.Execute(func() (any, error) {
		return p.client.ReduceStocks(ctx, &productpb.ReduceStocksReq{OrderID: orderID})
	})
	return err
}

func (p *Product) ReleaseStocks(ctx context.Context, orderID string) error {
	_, err := p.client.ReduceStocks(ctx, &productpb.ReduceStocksReq{OrderID: orderID})
	return err
}
