// Package catalogpb stands for generated gRPC code that lives in a sibling
// module (a `replace ../../api` in go.mod): the analysed module sees only its
// exported API, so the client interface has no implementation in view. Here
// the constructor hides the implementation the same way.
package catalogpb

import (
	"context"

	"google.golang.org/grpc"
)

type GetTripRequest struct{ Id string }

type Trip struct{ Id string }

// CatalogServiceClient is what protoc-gen-go-grpc writes for the client side.
type CatalogServiceClient interface {
	GetTrip(ctx context.Context, in *GetTripRequest, opts ...grpc.CallOption) (*Trip, error)
}

// NewCatalogServiceClient returns the generated implementation, which calls
// cc.Invoke; the analysed module does not see it.
func NewCatalogServiceClient(cc grpc.ClientConnInterface) CatalogServiceClient { return nil }
