// Package redislist takes jobs off a Redis list with BRPOP: the pop removes
// the entry before the job is done, so a crash or SIGTERM in between loses
// it — nothing in Redis remembers it was ever taken.
package redislist

import (
	"context"
	"database/sql"
	"log/slog"

	"github.com/redis/go-redis/v9"
)

type Worker struct {
	Redis *redis.Client
	DB    *sql.DB
}

func (w *Worker) Run(ctx context.Context) error {
	for ctx.Err() == nil {
		res, err := w.Redis.BRPop(ctx, 0, "jobs:payments").Result() // want: offsetorder
		if err != nil {
			continue
		}
		if _, err := w.DB.ExecContext(ctx, `INSERT INTO payments (payload) VALUES ($1)`, res[1]); err != nil {
			slog.Error("payment", "error", err)
		}
	}
	return ctx.Err()
}
