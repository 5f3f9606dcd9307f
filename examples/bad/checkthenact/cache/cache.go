// Package cache dedups deliveries with a Redis GET before the work and a
// SET after it: two deliveries of the same message both miss the GET and
// both reserve the stock.
package cache

import (
	"context"
	"errors"
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
	err := c.Redis.Get(ctx, key).Err()
	if err == nil {
		return nil // seen
	}
	if !errors.Is(err, redis.Nil) {
		return err
	}
	if err := c.Inventory.Reserve(ctx, orderID); err != nil {
		return err
	}
	return c.Redis.Set(ctx, key, "1", 24*time.Hour).Err() // want: checkthenact
}
