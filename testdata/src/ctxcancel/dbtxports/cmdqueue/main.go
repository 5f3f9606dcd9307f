// Package cmdqueue wires the database-only compensator into the drainer, // want package:`wired\(1\)`
// whose items come from a queue that commits their offsets: reported.
package cmdqueue

import (
	"context"
	"database/sql"

	"github.com/segmentio/kafka-go"

	"ctxcancel/dbtxports/dbcomp"
	"ctxcancel/dbtxports/drainer"
	"ctxcancel/dbtxports/queue"
)

func Main(ctx context.Context, db *sql.DB, r *kafka.Reader) {
	d := drainer.NewDrainer(queue.New(r), dbcomp.New(db)) // want `ctx is cancelled on shutdown \(stop signal ctx.Err\(\) at drainer.go:\d+ in drainer.Drainer.Run\) and reaches sweeper.Compensator.Compensate \(Run, drainer.go:\d+\) → dbcomp.\(\*Comp\).Compensate → db.BeginTx: SIGTERM rolls the transaction back.*\(wired here\)`
	d.Run(ctx)
}
