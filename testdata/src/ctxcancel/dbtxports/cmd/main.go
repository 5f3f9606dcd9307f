// Package cmd wires the database-only compensator into the sweep, whose
// orders come from the repository's query: left alone.
package cmd

import (
	"context"
	"database/sql"

	"ctxcancel/dbtxports/dbcomp"
	"ctxcancel/dbtxports/repo"
	"ctxcancel/dbtxports/sweeper"
)

func Main(ctx context.Context, db *sql.DB) {
	s := sweeper.New(repo.New(db), dbcomp.New(db))
	s.Sweep(ctx)
}
