// Package api is the HTTP side of a CQRS service: it holds the command bus
// (so it imports cqrs) and its service methods have the shape of a typed
// handler, but they take a request, not a delivered event or command: a
// key minted here is minted once per client request, which the client's
// own retry (with its idempotency key) covers, not once per redelivery.
package api

import (
	"context"

	"github.com/ThreeDotsLabs/watermill/components/cqrs"
	"github.com/google/uuid"
)

type PlaceOrderRequest struct {
	CustomerID string
}

type PlaceOrder struct {
	IdempotencyKey string
	CustomerID     string
}

type Service struct {
	commands *cqrs.CommandBus
}

// Good: a request-shaped argument is no delivery.
func (s *Service) PlaceOrder(ctx context.Context, req *PlaceOrderRequest) error { // want PlaceOrder:`makesFreshID\(uuid.NewString\)`
	return s.commands.Send(ctx, PlaceOrder{IdempotencyKey: uuid.NewString(), CustomerID: req.CustomerID})
}
