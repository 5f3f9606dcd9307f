// Package bootstrap builds each adapter in a helper whose result type is the
// use case's port: the concrete types stay inside the helpers.
package bootstrap

import (
	"github.com/jackc/pgx/v5/pgxpool"

	"realworld/dualwrite/ports-from-factory-helpers/kafkapub"
	"realworld/dualwrite/ports-from-factory-helpers/orders"
	"realworld/dualwrite/ports-from-factory-helpers/pgstore"
)

func InitStorage(pool *pgxpool.Pool) orders.Storage { return pgstore.New(pool) }

func InitEvents() orders.Events { return kafkapub.New("orders") }
