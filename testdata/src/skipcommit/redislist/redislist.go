// Package redislist holds reliable Redis list queues (BLMOVE into a
// processing list, LREM once done): an entry whose work failed must stay
// in the processing list.
package redislist

import (
	"context"
	"log"

	"github.com/redis/go-redis/v9"
)

type service interface {
	Pay(ctx context.Context, payload string) error
}

// Bad: the failure is logged and the entry removed all the same.
func swallow(ctx context.Context, rdb *redis.Client, svc service) {
	for ctx.Err() == nil {
		job, err := rdb.BLMove(ctx, "payments", "payments:processing", "RIGHT", "LEFT", 0).Result()
		if err != nil {
			continue
		}
		if err := svc.Pay(ctx, job); err != nil {
			log.Printf("pay: %v", err) // want `service.Pay fails \(redislist.go:24\) and redis.cmdable.LRem \(redislist.go:27\) still acks the message`
		}
		rdb.LRem(ctx, "payments:processing", 1, job)
	}
}

// Good: a failed entry stays in the processing list for the reaper.
func keep(ctx context.Context, rdb *redis.Client, svc service) {
	for ctx.Err() == nil {
		job, err := rdb.BLMove(ctx, "payments", "payments:processing", "RIGHT", "LEFT", 0).Result()
		if err != nil {
			continue
		}
		if err := svc.Pay(ctx, job); err != nil {
			log.Printf("pay, left for retry: %v", err)
			continue
		}
		rdb.LRem(ctx, "payments:processing", 1, job)
	}
}
