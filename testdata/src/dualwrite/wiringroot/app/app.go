// want package:`wired\(1\)`

// Package app is the composition root: the first package that sees the
// use case and both adapters.
package app

import (
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/segmentio/kafka-go"

	"dualwrite/wiringroot/pubadapter"
	"dualwrite/wiringroot/repoadapter"
	"dualwrite/wiringroot/usecase"
)

func Build(pool *pgxpool.Pool, w *kafka.Writer) *usecase.Service {
	return usecase.New(repoadapter.New(pool), pubadapter.New(w), pubadapter.StdoutLogger{}) // want `usecase\.\(\*Service\)\.Place \(usecase\.go:35\) writes to the database \(usecase\.Repo\.Create → … → \(\*pgxpool\.Pool\)\.Exec\) and then publishes \(usecase\.Publisher\.Publish → … → \(\*kafka\.Writer\)\.WriteMessages\) with no outbox: .* \(wired here\)`
}
