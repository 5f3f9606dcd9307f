// Package goodapp wires the coordinated use case with the coordinator that
// keeps the function for a background loop: the publish does not run
// during Place.
package goodapp

import (
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/segmentio/kafka-go"

	"dualwrite/helperports/coord"
	"dualwrite/helperports/coordinated"
	"dualwrite/helperports/kafkabus"
	"dualwrite/helperports/pgrepo"
)

func Build(pool *pgxpool.Pool, w *kafka.Writer) *coordinated.Service {
	return coordinated.New(pgrepo.New(pool), kafkabus.New(w), &coord.Queue{})
}
