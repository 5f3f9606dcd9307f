// Package cache claims the delivery in Redis with SET NX before the work:
// only one delivery gets true.
package cache

import (
	"context"
	"time"

	"github.com/redis/go-redis/v9"
)

type Inventory interface {
	Reserve(ctx context.Context, orderID string) error
}

type Consumer struct {
	Redis     *redis.Client
	Inventory Inventory
}

func (c *Consumer) Handle(ctx context.Context, eventID, orderID string) error {
	key := "reserved:" + eventID
	if err := c.Redis.Get(ctx, key).Err(); err == nil {
		return nil // fast path
	}
	ok, err := c.Redis.SetNX(ctx, key, "1", 24*time.Hour).Result()
	if err != nil || !ok {
		return err
	}
	if err := c.Inventory.Reserve(ctx, orderID); err != nil {
		c.Redis.Del(ctx, key) // let a redelivery try again
		return err
	}
	return nil
}
