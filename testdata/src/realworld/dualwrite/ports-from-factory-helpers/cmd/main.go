// Command main wires the use case from the bootstrap helpers: it sees the
// use case's constructor and the helpers, never the adapters' types.
package main

import (
	"github.com/jackc/pgx/v5/pgxpool"

	"realworld/dualwrite/ports-from-factory-helpers/bootstrap"
	"realworld/dualwrite/ports-from-factory-helpers/orders"
)

func main() {
	var pool *pgxpool.Pool
	svc := orders.New(bootstrap.InitStorage(pool), bootstrap.InitEvents()) // want `Place writes to the database .* and then publishes` `PlaceAndWait writes to the database .* and then publishes`
	_ = svc
}
