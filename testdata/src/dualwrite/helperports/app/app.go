// want package:`wired\(4\)`

// Package app wires the pgx repository, the Kafka publisher and the
// coordinator that runs its function now into the use cases.
package app

import (
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/segmentio/kafka-go"

	"dualwrite/helperports/coord"
	"dualwrite/helperports/coordinated"
	"dualwrite/helperports/kafkabus"
	"dualwrite/helperports/pgrepo"
	"dualwrite/helperports/usecase"
)

func Build(pool *pgxpool.Pool, w *kafka.Writer) (*usecase.Service, *coordinated.Service) {
	svc := usecase.New(pgrepo.New(pool), kafkabus.New(w))                 // want `PlaceHelper \(usecase\.go:31\) writes to the database \(domain\.Orders\.Create → … → \(\*pgxpool\.Pool\)\.Exec\) and then publishes \(usecase\.\(\*Service\)\.announce → … → \(\*kafka\.Writer\)\.WriteMessages\)` `PlaceClosure \(usecase\.go:45\) writes .* and then publishes \(domain\.Events\.Publish → … → \(\*kafka\.Writer\)\.WriteMessages\)` `PlaceRetried \(usecase\.go:54\) writes .* and then publishes \(domain\.Events\.Publish → … → \(\*kafka\.Writer\)\.WriteMessages\)`
	co := coordinated.New(pgrepo.New(pool), kafkabus.New(w), coord.Now{}) // want `Place \(coordinated\.go:28\) writes .* and then publishes \(coordinated\.\(\*Service\)\.publish → … → \(\*kafka\.Writer\)\.WriteMessages\)`
	return svc, co
}
