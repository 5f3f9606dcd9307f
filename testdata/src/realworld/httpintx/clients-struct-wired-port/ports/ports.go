// Package ports declares what the repository needs from the product
// service; the gRPC adapter implements it in a package the repository does
// not import.
package ports

import "context"

type ProductGrpc interface {
	ReduceStocks(ctx context.Context, orderID string) error
	ReleaseStocks(ctx context.Context, orderID string) error
}

// Clients is the struct of clients the root hands the repositories.
type Clients struct {
	Product ProductGrpc
}
