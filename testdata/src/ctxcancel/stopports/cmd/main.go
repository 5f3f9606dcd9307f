// Package cmd wires the transactional processor into the loop. // want package:`wired\(2\)`
package cmd

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"

	"ctxcancel/stopports/consumer"
	"ctxcancel/stopports/txproc"
)

func Main(ctx context.Context, pool *pgxpool.Pool, in <-chan string) {
	l := consumer.New(txproc.New(pool), in) // want `ctx is cancelled on shutdown \(stop signal ctx.Done\(\) at consumer.go:\d+ in consumer.Loop.Run\) and reaches consumer.Processor.Process \(Run, consumer.go:27\) → txproc.\(\*Proc\).Process → tx.Commit: SIGTERM rolls the transaction back; .*\(wired here\)` `stop signal ctx.Done\(\) at consumer.go:\d+ in consumer.Loop.work2\) and reaches consumer.Processor.Process \(work2, consumer.go:93\)`
	l.Run(ctx)
}
