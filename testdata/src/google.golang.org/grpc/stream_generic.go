// Stub of google.golang.org/grpc v1.85.0 (stream_interfaces.go): only the declarations used by tests.
package grpc

// ServerStreamingClient represents the client side of a server-streaming
// RPC.
type ServerStreamingClient[Res any] interface {
	Recv() (*Res, error)
	ClientStream
}
