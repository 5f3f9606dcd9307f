package redisgetset

import (
	"context"
	"time"

	"github.com/redis/go-redis/v9"
)

// Store checks, marks and claims keys; ValueHandler holds its methods as
// function values (calls.Derived resolves them to the methods' KeyOps).
type Store struct{ rdb *redis.Client }

func (s *Store) Seen(ctx context.Context, key string) bool { // want Seen:`keyOps\(read redis of p1\)`
	n, _ := s.rdb.Exists(ctx, key).Result()
	return n > 0
}

func (s *Store) Mark(ctx context.Context, key string) error { // want Mark:`keyOps\(insert redis of p1; writes: \(\*redis\.Client\)\.Set\)`
	return s.rdb.Set(ctx, key, "1", time.Hour).Err()
}

func (s *Store) Claim(ctx context.Context, key string) (bool, error) { // want Claim:`keyOps\(claim redis of p1; writes: \(\*redis\.Client\)\.SetNX\)`
	return s.rdb.SetNX(ctx, key, "1", time.Hour).Result()
}

type ValueHandler struct {
	seen   func(ctx context.Context, key string) bool
	mark   func(ctx context.Context, key string) error
	claim  func(ctx context.Context, key string) (bool, error)
	charge func(ctx context.Context, orderID int64) error
}

func NewValueHandler(s *Store, p Payments) *ValueHandler {
	return &ValueHandler{seen: s.Seen, mark: s.Mark, claim: s.Claim, charge: p.Create}
}

// The check and the mark through function values, the work between.
func (h *ValueHandler) Handle(ctx context.Context, m Message) error { // want Handle:`keyOps\(read redis of p1\.Key, insert redis of p1\.Key; writes: redisgetset\.\(\*Store\)\.Mark → \(\*redis\.Client\)\.Set\)`
	if h.seen(ctx, m.Key) {
		return nil
	}
	if err := h.charge(ctx, m.OrderID); err != nil {
		return err
	}
	return h.mark(ctx, m.Key) // want `\(\*ValueHandler\)\.Handle checks m\.Key with redisgetset\.\(\*Store\)\.Seen → \(\*redis\.Client\)\.Exists \(line 40\) and inserts it later \(line 46\) without a claim: two concurrent retries both pass the check; h\.charge \(line 43\) runs for both: claim the key with SetNX \(SET NX\) before the work`
}

// The claim through a function value before the work.
func (h *ValueHandler) HandleClaimed(ctx context.Context, m Message) error { // want HandleClaimed:`keyOps\(read redis of p1\.Key, claim redis of p1\.Key; writes: redisgetset\.\(\*Store\)\.Claim → \(\*redis\.Client\)\.SetNX\)`
	if h.seen(ctx, m.Key) {
		return nil
	}
	if ok, err := h.claim(ctx, m.Key); err != nil || !ok {
		return err
	}
	return h.charge(ctx, m.OrderID)
}
