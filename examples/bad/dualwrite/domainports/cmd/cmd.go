// Package cmd is the composition root: the first package that sees the
// checkout's pending call and the adapters, where the dual write is
// reported.
package cmd

import (
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/segmentio/kafka-go"

	"github.com/idemlint/idemlint/examples/bad/dualwrite/domainports/bus"
	"github.com/idemlint/idemlint/examples/bad/dualwrite/domainports/checkout"
	"github.com/idemlint/idemlint/examples/bad/dualwrite/domainports/eventstore"
)

// Build wires the checkout.
func Build(pool *pgxpool.Pool, w *kafka.Writer) *checkout.Service {
	return checkout.New(eventstore.New(pool), bus.New(w)) // want: dualwrite
}
