// Package redisgetset: Redis GET then SET of an idempotency key.
package redisgetset

import (
	"context"
	"errors"
	"net/http"
	"time"

	"github.com/redis/go-redis/v9"
)

type Payments interface {
	Create(ctx context.Context, orderID int64) error
}

type Message struct {
	Key     string
	OrderID int64
}

type Handler struct {
	rdb      *redis.Client
	payments Payments
}

// Work between the GET and the SET: both deliveries do it.
func (h *Handler) Handle(ctx context.Context, m Message) error { // want Handle:`keyOps\(read redis of p1\.Key, insert redis of p1\.Key; writes: \(\*redis\.Client\)\.Set; port: redisgetset\.Payments\.Create\)`
	if err := h.rdb.Get(ctx, "idem:"+m.Key).Err(); err == nil {
		return nil
	} else if !errors.Is(err, redis.Nil) {
		return err
	}
	if err := h.payments.Create(ctx, m.OrderID); err != nil {
		return err
	}
	return h.rdb.Set(ctx, "idem:"+m.Key, "1", time.Hour).Err() // want `\(\*Handler\)\.Handle checks "idem:" \+ m\.Key with \(\*redis\.Client\)\.Get \(line 29\) and inserts it later \(line 37\) without a claim: two concurrent retries both pass the check; redisgetset\.Payments\.Create \(line 34\) runs for both: claim the key with SetNX \(SET NX\) before the work`
}

// Only the mark between: the GET guards nothing.
func (h *Handler) Mark(ctx context.Context, key string) error { // want Mark:`keyOps\(read redis of p1, insert redis of p1; writes: \(\*redis\.Client\)\.Set\)`
	if n, _ := h.rdb.Exists(ctx, key).Result(); n > 0 {
		return nil
	}
	return h.rdb.Set(ctx, key, "1", time.Hour).Err()
}

// SETNX claims the key before the work.
func (h *Handler) Claim(ctx context.Context, m Message) error { // want Claim:`keyOps\(read redis of p1\.Key, claim redis of p1\.Key; writes: \(\*redis\.Client\)\.SetNX; port: redisgetset\.Payments\.Create\)`
	if err := h.rdb.Get(ctx, m.Key).Err(); err == nil {
		return nil
	}
	ok, err := h.rdb.SetNX(ctx, m.Key, "1", time.Hour).Result()
	if err != nil || !ok {
		return err
	}
	return h.payments.Create(ctx, m.OrderID)
}

// SET NX through SetArgs and Do, after the work: claims, not plain writes.
func (h *Handler) ClaimArgs(ctx context.Context, m Message, req *http.Request) error { // want ClaimArgs:`keyOps\(read redis of p1\.Key, claim redis of p1\.Key; leaves: \(\*http\.Client\)\.Do; writes: \(\*redis\.Client\)\.SetArgs\)`
	if err := h.rdb.Get(ctx, m.Key).Err(); err == nil {
		return nil
	}
	if _, err := http.DefaultClient.Do(req); err != nil {
		return err
	}
	if err := h.rdb.SetArgs(ctx, m.Key, "1", redis.SetArgs{Mode: "NX", TTL: time.Hour}).Err(); err != nil {
		return err
	}
	return h.rdb.Do(ctx, "SET", m.Key, "1", "NX").Err()
}
