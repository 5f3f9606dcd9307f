// Package grpcsiblingmodule: an order service opens its database transaction
// and then asks two other services over gRPC (catalog, pricing) before it
// writes the order. The calls go through generated clients whose code is in
// another module of the repository, so the only sign of the network is the
// generated client interface (a method whose last parameter is
// ...grpc.CallOption). The transaction stays open across both calls; a read
// belongs before the Begin.
package grpcsiblingmodule

import (
	"context"
	"database/sql"

	"realworld/httpintx/grpcsiblingmodule/catalogpb"
)

// CatalogClient is the service's own thin wrapper around the generated client.
type CatalogClient struct {
	client catalogpb.CatalogServiceClient
}

func (c *CatalogClient) GetTrip(ctx context.Context, id string) (*catalogpb.Trip, error) {
	return c.client.GetTrip(ctx, &catalogpb.GetTripRequest{Id: id})
}

type OrderService struct {
	db      *sql.DB
	catalog *CatalogClient
}

func (s *OrderService) CreateOrder(ctx context.Context, tripID string) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	trip, err := s.catalog.GetTrip(ctx, tripID) // want `gRPC call .*inside the transaction`
	if err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, "INSERT INTO orders (trip_id) VALUES ($1)", trip.Id); err != nil {
		return err
	}
	return tx.Commit()
}

// CreateOrderReadFirst is the correct form: the read happens before Begin.
func (s *OrderService) CreateOrderReadFirst(ctx context.Context, tripID string) error {
	trip, err := s.catalog.GetTrip(ctx, tripID)
	if err != nil {
		return err
	}
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, "INSERT INTO orders (trip_id) VALUES ($1)", trip.Id); err != nil {
		return err
	}
	return tx.Commit()
}
