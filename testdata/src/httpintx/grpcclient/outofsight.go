package grpcclient

import (
	"context"
	"database/sql"

	"google.golang.org/grpc"
	"google.golang.org/grpc/health/grpc_health_v1"
)

// PricingClient is a generated client whose implementation lives in
// another module: only its shape says it is a round trip.
type PricingClient interface {
	Quote(ctx context.Context, in *Entry, opts ...grpc.CallOption) (*Entry, error)
}

// Pricing is the service's own wrapper.
type Pricing struct{ c PricingClient }

func (p *Pricing) Quote(ctx context.Context, key string) (*Entry, error) {
	return p.c.Quote(ctx, &Entry{Key: key})
}

func Order(ctx context.Context, db *sql.DB, pricing *Pricing, prices PricingClient, health grpc_health_v1.HealthClient) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, "INSERT INTO orders (key) VALUES ('k')"); err != nil {
		return err
	}
	if _, err := pricing.Quote(ctx, "k"); err != nil { // want `gRPC call grpcclient\.\(\*Pricing\)\.Quote → grpcclient\.PricingClient\.Quote → grpc\.ClientConnInterface\.Invoke inside the transaction begun at outofsight\.go:25`
		return err
	}
	if _, err := prices.Quote(ctx, &Entry{}); err != nil { // want `gRPC call grpcclient\.PricingClient\.Quote → grpc\.ClientConnInterface\.Invoke inside`
		return err
	}
	if _, err := health.Check(ctx, &grpc_health_v1.HealthCheckRequest{}); err != nil { // want `gRPC call grpc_health_v1\.HealthClient\.Check → grpc\.ClientConnInterface\.Invoke inside`
		return err
	}
	if _, err := health.Watch(ctx, &grpc_health_v1.HealthCheckRequest{}); err != nil { // want `gRPC call grpc_health_v1\.HealthClient\.Watch → grpc\.ClientConnInterface\.NewStream inside`
		return err
	}
	return tx.Commit()
}

// OrderQuoteFirst is the correct form: the quote before Begin, the health
// check after Commit.
func OrderQuoteFirst(ctx context.Context, db *sql.DB, pricing *Pricing, health grpc_health_v1.HealthClient) error {
	q, err := pricing.Quote(ctx, "k")
	if err != nil {
		return err
	}
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, "INSERT INTO orders (key) VALUES ($1)", q.Key); err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return err
	}
	_, err = health.Check(ctx, &grpc_health_v1.HealthCheckRequest{})
	return err
}

// Report reads in a read-only transaction: nothing held, left alone.
func Report(ctx context.Context, db *sql.DB, pricing *Pricing) error {
	tx, err := db.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var key string
	if err := tx.QueryRowContext(ctx, "SELECT key FROM orders LIMIT 1").Scan(&key); err != nil {
		return err
	}
	if _, err := pricing.Quote(ctx, key); err != nil {
		return err
	}
	return tx.Commit()
}
