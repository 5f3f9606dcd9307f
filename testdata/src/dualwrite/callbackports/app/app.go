// want package:`wired\(1\)`

// Package app wires the pgx store and the Kafka publisher into the use case.
package app

import (
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/segmentio/kafka-go"

	"dualwrite/callbackports/adapters"
	"dualwrite/callbackports/kafkabus"
	"dualwrite/callbackports/usecase"
)

func Build(pool *pgxpool.Pool, w *kafka.Writer) *usecase.Service {
	return usecase.New(adapters.NewStore(pool), kafkabus.New(w)) // want `usecase\.\(\*Service\)\.Transfer \(usecase\.go:30\) writes to the database \(domain\.Store\.Save \(in the domain\.Store\.WithTx callback\) → … → \(\*pgxpool\.Pool\)\.Exec\) and then publishes \(domain\.Publisher\.Publish`
}
