// Package grpcshape: interface methods shaped like a generated gRPC client
// (a context first, ...grpc.CallOption last) are network calls when no
// implementation is in sight, or only generated code the analysis has not
// seen (grpc_health_v1's client stands for a generated package of another
// module).
package grpcshape

import (
	"context"

	"google.golang.org/grpc"
	"google.golang.org/grpc/health/grpc_health_v1"
)

type Req struct{ ID string }

type Resp struct{ ID string }

// LedgerClient is what protoc-gen-go-grpc writes; its implementation is
// not in sight (another module).
type LedgerClient interface {
	Post(ctx context.Context, in *Req, opts ...grpc.CallOption) (*Resp, error)                              // want Post:`^net\(grpc\.ClientConnInterface\.Invoke\)$`
	Tail(ctx context.Context, opts ...grpc.CallOption) (grpc.ClientStream, error)                           // want Tail:`^net\(grpc\.ClientConnInterface\.NewStream\)$`
	Follow(ctx context.Context, in *Req, opts ...grpc.CallOption) (grpc.ServerStreamingClient[Resp], error) // want Follow:`^net\(grpc\.ClientConnInterface\.NewStream\)$`
}

// Ledger wraps the generated client.
type Ledger struct{ c LedgerClient }

func (l *Ledger) Post(ctx context.Context, id string) error { // want Post:`^net\(grpcshape\.LedgerClient\.Post → grpc\.ClientConnInterface\.Invoke\)$`
	_, err := l.c.Post(ctx, &Req{ID: id})
	return err
}

// Health wraps grpc's generated health client, whose implementation is
// in sight but has no summary.
type Health struct{ c grpc_health_v1.HealthClient }

func (h *Health) Check(ctx context.Context) error { // want Check:`^net\(grpc_health_v1\.HealthClient\.Check → grpc\.ClientConnInterface\.Invoke\)$`
	_, err := h.c.Check(ctx, &grpc_health_v1.HealthCheckRequest{})
	return err
}

func (h *Health) Watch(ctx context.Context) error { // want Watch:`^net\(grpc_health_v1\.HealthClient\.Watch → grpc\.ClientConnInterface\.NewStream\)$`
	_, err := h.c.Watch(ctx, &grpc_health_v1.HealthCheckRequest{})
	return err
}

// Not the shape: no grpc.CallOption (a server interface, a project's own).
type LedgerServer interface {
	Post(ctx context.Context, in *Req) (*Resp, error)
}

// Not the shape: a CallOption of another package.
type CallOption interface{}

type Lookalike interface {
	Post(ctx context.Context, in *Req, opts ...CallOption) (*Resp, error)
}

// Not the shape: no context first.
type NoContext interface {
	Post(in *Req, opts ...grpc.CallOption) (*Resp, error)
}

func UseOthers(ctx context.Context, s LedgerServer, l Lookalike, n NoContext) {
	_, _ = s.Post(ctx, &Req{})
	_, _ = l.Post(ctx, &Req{})
	_, _ = n.Post(&Req{})
}

// BufferedClient is shaped like a generated client, and its only
// implementation is in sight and stays in process: its own summary (none)
// decides, not the shape.
type BufferedClient interface {
	Post(ctx context.Context, in *Req, opts ...grpc.CallOption) (*Resp, error)
}

type memLedger struct{ seen []string }

func (m *memLedger) Post(ctx context.Context, in *Req, opts ...grpc.CallOption) (*Resp, error) { // want Post:"keeps Resp f0←p1.f0"
	m.seen = append(m.seen, in.ID)
	return &Resp{ID: in.ID}, nil
}

var _ BufferedClient = (*memLedger)(nil)

func UseBuffered(ctx context.Context, b BufferedClient) {
	_, _ = b.Post(ctx, &Req{})
}
