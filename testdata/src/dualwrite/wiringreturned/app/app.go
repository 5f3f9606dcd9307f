// want package:`wired\(1\)`

// Package app is the composition root.
package app

import (
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/segmentio/kafka-go"

	"dualwrite/wiringreturned/adapters"
	"dualwrite/wiringreturned/usecase"
)

func Build(pool *pgxpool.Pool, w *kafka.Writer) *usecase.Service {
	return usecase.New(&adapters.Users{}, &adapters.Events{}) // want `usecase\.\(\*Service\)\.Rename \(usecase\.go:31\) writes to the database \(usecase\.Repo\.UpdateUser → … → \(\*pgxpool\.Pool\)\.Exec\) and then publishes`
}
