// Package redislist is the reliable Redis list queue: BLMOVE keeps the entry
// in a processing list while the job runs, and LREM removes it only after
// the work committed; a crash leaves it there for a reaper to push back.
package redislist

import (
	"context"
	"database/sql"
	"time"

	"github.com/redis/go-redis/v9"
)

type Worker struct {
	Redis *redis.Client
	DB    *sql.DB
}

func (w *Worker) Run(ctx context.Context) error {
	for ctx.Err() == nil {
		job, err := w.Redis.BLMove(ctx, "jobs:payments", "jobs:payments:processing", "RIGHT", "LEFT", 5*time.Second).Result()
		if err != nil {
			continue
		}
		if _, err := w.DB.ExecContext(ctx, `INSERT INTO payments (payload) VALUES ($1)`, job); err != nil {
			continue // stays in the processing list
		}
		if err := w.Redis.LRem(ctx, "jobs:payments:processing", 1, job).Err(); err != nil {
			return err
		}
	}
	return ctx.Err()
}
