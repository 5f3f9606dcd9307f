package apis

import (
	"go/types"
)

// Generated gRPC clients: protoc-gen-go-grpc writes, for each service, a
// client interface whose methods are
//
//	Unary(ctx context.Context, in *Req, opts ...grpc.CallOption) (*Resp, error)
//	Stream(ctx context.Context, opts ...grpc.CallOption) (Service_StreamClient, error)
//	ServerStream(ctx context.Context, in *Req, opts ...grpc.CallOption) (grpc.ServerStreamingClient[Resp], error)
//
// and an unexported implementation that calls cc.Invoke (unary) or
// cc.NewStream (streams). When the generated package lives in another
// module (a sibling api module, a published client) the implementation is
// out of sight; the interface's shape still says a call is a round trip.

const grpcPath = "google.golang.org/grpc"

var (
	grpcInvoke    = Func{Path: grpcPath, Recv: "ClientConnInterface", Name: "Invoke"}
	grpcNewStream = Func{Path: grpcPath, Recv: "ClientConnInterface", Name: "NewStream"}
)

func init() { networkCalls.AddShape(GRPCClientMethod) }

// GRPCClientMethod reports whether m is a method of a generated gRPC
// client interface: its first parameter is a context.Context, its last
// ...grpc.CallOption, its results a value and an error. It returns the
// ClientConnInterface method the generated implementation calls: Invoke
// for a unary method (a request pointer in between, a pointer result),
// NewStream for a streaming one.
func GRPCClientMethod(m *types.Func) (Func, bool) {
	if m == nil {
		return Func{}, false
	}
	sig := m.Signature()
	recv := sig.Recv()
	if recv == nil || !types.IsInterface(recv.Type()) || !sig.Variadic() {
		return Func{}, false
	}
	ps, rs := sig.Params(), sig.Results()
	if ps.Len() < 2 || ps.Len() > 3 || rs.Len() != 2 || !isContext(ps.At(0).Type()) || !isError(rs.At(1).Type()) {
		return Func{}, false
	}
	opts, ok := ps.At(ps.Len() - 1).Type().(*types.Slice)
	if !ok || !isGRPCCallOption(opts.Elem()) {
		return Func{}, false
	}
	if ps.Len() == 3 && isPointer(ps.At(1).Type()) && isPointer(rs.At(0).Type()) {
		return grpcInvoke, true
	}
	return grpcNewStream, true
}

func isGRPCCallOption(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == grpcPath && n.Obj().Name() == "CallOption"
}

func isPointer(t types.Type) bool {
	_, ok := types.Unalias(t).(*types.Pointer)
	return ok
}

func isError(t types.Type) bool {
	return types.Identical(t, types.Universe.Lookup("error").Type())
}
