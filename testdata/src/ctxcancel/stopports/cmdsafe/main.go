// Package cmdsafe wires the processor that detaches its context with a
// deadline: left alone.
package cmdsafe

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"

	"ctxcancel/stopports/consumer"
	"ctxcancel/stopports/safeproc"
)

func Main(ctx context.Context, pool *pgxpool.Pool, in <-chan string) {
	l := consumer.New(safeproc.New(pool), in)
	l.Run(ctx)
}
