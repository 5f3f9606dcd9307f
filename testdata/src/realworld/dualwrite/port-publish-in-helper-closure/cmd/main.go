// Command main wires the use case from the bootstrap helpers; the helpers,
// which see the adapters' types, are where the wiring is reported.
package main

import (
	"github.com/jackc/pgx/v5/pgxpool"

	"realworld/dualwrite/port-publish-in-helper-closure/bootstrap"
	"realworld/dualwrite/port-publish-in-helper-closure/orders"
)

func main() {
	var pool *pgxpool.Pool
	svc := orders.New(bootstrap.InitStorage(pool), bootstrap.InitEvents())
	_ = svc
}
