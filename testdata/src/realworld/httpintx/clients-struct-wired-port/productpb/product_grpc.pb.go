// Package productpb is the shape of a protoc-gen-go-grpc client (written for
// the test): each method calls Invoke on the connection.
package productpb

import (
	"context"

	"google.golang.org/grpc"
)

type ReduceStocksReq struct{ OrderID string }

type ReduceStocksRes struct{}

type ProductServiceClient interface {
	ReduceStocks(ctx context.Context, in *ReduceStocksReq, opts ...grpc.CallOption) (*ReduceStocksRes, error)
}

type productServiceClient struct{ cc grpc.ClientConnInterface }

func NewProductServiceClient(cc grpc.ClientConnInterface) ProductServiceClient {
	return &productServiceClient{cc}
}

func (c *productServiceClient) ReduceStocks(ctx context.Context, in *ReduceStocksReq, opts ...grpc.CallOption) (*ReduceStocksRes, error) {
	out := new(ReduceStocksRes)
	if err := c.cc.Invoke(ctx, "/product.ProductService/ReduceStocks", in, out, opts...); err != nil {
		return nil, err
	}
	return out, nil
}
