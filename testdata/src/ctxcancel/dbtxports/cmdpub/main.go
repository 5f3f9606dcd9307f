// Package cmdpub wires the compensator that publishes inside its // want package:`wired\(1\)`
// transaction into the same sweep: reported.
package cmdpub

import (
	"context"
	"database/sql"

	"github.com/segmentio/kafka-go"

	"ctxcancel/dbtxports/pubcomp"
	"ctxcancel/dbtxports/repo"
	"ctxcancel/dbtxports/sweeper"
)

func Main(ctx context.Context, db *sql.DB, w *kafka.Writer) {
	s := sweeper.New(repo.New(db), pubcomp.New(db, w)) // want `ctx is cancelled on shutdown \(stop signal ctx.Err\(\) at sweeper.go:\d+ in sweeper.Sweeper.Sweep\) and reaches sweeper.Compensator.Compensate \(Sweep, sweeper.go:\d+\) → pubcomp.\(\*Comp\).Compensate → .*\(wired here\)`
	s.Sweep(ctx)
}
