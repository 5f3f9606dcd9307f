// Stub of google.golang.org/grpc v1.85.0 (clientconn.go, call.go, stream.go): only the declarations used by tests.
package grpc

import "context"

// ClientConn represents a virtual connection to a conceptual endpoint.
type ClientConn struct{}

// ClientConnInterface defines the functions clients need to perform unary and
// streaming RPCs.
type ClientConnInterface interface {
	Invoke(ctx context.Context, method string, args any, reply any, opts ...CallOption) error
	NewStream(ctx context.Context, desc *StreamDesc, method string, opts ...CallOption) (ClientStream, error)
}

// CallOption configures a Call before it starts or extracts information from
// a Call after it completes.
type CallOption interface{}

// StreamDesc represents a streaming RPC service's method specification.
type StreamDesc struct {
	StreamName    string
	ServerStreams bool
	ClientStreams bool
}

// ClientStream defines the client-side behavior of a streaming RPC.
type ClientStream interface {
	CloseSend() error
}

func (cc *ClientConn) Invoke(ctx context.Context, method string, args, reply any, opts ...CallOption) error {
	return nil
}

func (cc *ClientConn) NewStream(ctx context.Context, desc *StreamDesc, method string, opts ...CallOption) (ClientStream, error) {
	return nil, nil
}
