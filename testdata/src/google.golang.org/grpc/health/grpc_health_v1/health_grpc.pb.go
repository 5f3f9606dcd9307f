// Stub of google.golang.org/grpc v1.85.0 (health/grpc_health_v1/health_grpc.pb.go,
// health.pb.go): only the declarations used by tests. Generated client code
// that lives outside the analysed code: the call layer has no summary for
// the unexported implementation, as for a generated client in another module.
package grpc_health_v1

import (
	"context"

	"google.golang.org/grpc"
)

type HealthCheckRequest struct{ Service string }

type HealthCheckResponse struct{ Status int32 }

// HealthClient is the client API for Health service.
type HealthClient interface {
	Check(ctx context.Context, in *HealthCheckRequest, opts ...grpc.CallOption) (*HealthCheckResponse, error)
	Watch(ctx context.Context, in *HealthCheckRequest, opts ...grpc.CallOption) (grpc.ServerStreamingClient[HealthCheckResponse], error)
}

type healthClient struct {
	cc grpc.ClientConnInterface
}

func NewHealthClient(cc grpc.ClientConnInterface) HealthClient {
	return &healthClient{cc}
}

func (c *healthClient) Check(ctx context.Context, in *HealthCheckRequest, opts ...grpc.CallOption) (*HealthCheckResponse, error) {
	out := new(HealthCheckResponse)
	err := c.cc.Invoke(ctx, "/grpc.health.v1.Health/Check", in, out, opts...)
	if err != nil {
		return nil, err
	}
	return out, nil
}

func (c *healthClient) Watch(ctx context.Context, in *HealthCheckRequest, opts ...grpc.CallOption) (grpc.ServerStreamingClient[HealthCheckResponse], error) {
	_, err := c.cc.NewStream(ctx, &grpc.StreamDesc{ServerStreams: true}, "/grpc.health.v1.Health/Watch", opts...)
	return nil, err
}
