// want package:`wired\(2\)`

// Package bootstrap builds each adapter in a helper whose result type is the
// use case's port: the concrete types stay inside the helpers.
package bootstrap

import (
	"github.com/jackc/pgx/v5/pgxpool"

	"realworld/dualwrite/port-publish-in-helper-closure/kafkapub"
	"realworld/dualwrite/port-publish-in-helper-closure/orders"
	"realworld/dualwrite/port-publish-in-helper-closure/pgstore"
)

func InitStorage(pool *pgxpool.Pool) orders.Storage { return pgstore.New(pool) }

func InitEvents() orders.Events { return kafkapub.New("orders") } // want `Place \(orders.go:41\) writes to the database .* and then publishes .*\(wired here\)` `PlaceAndWait \(orders.go:50\) writes to the database .* and then publishes`
