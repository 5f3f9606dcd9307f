// Package app is the composition root: the first package that sees the
// use case and both adapters, where the dual write is reported.
package app

import (
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/segmentio/kafka-go"

	"github.com/idemlint/idemlint/examples/bad/dualwrite/cleanarch/kafkapub"
	"github.com/idemlint/idemlint/examples/bad/dualwrite/cleanarch/pgrepo"
	"github.com/idemlint/idemlint/examples/bad/dualwrite/cleanarch/usecase"
)

// Build wires the payment service.
func Build(pool *pgxpool.Pool, w *kafka.Writer) *usecase.Service {
	return usecase.New(pgrepo.New(pool), kafkapub.New(w)) // want: dualwrite
}
