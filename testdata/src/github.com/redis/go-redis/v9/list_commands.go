// Stub of github.com/redis/go-redis/v9 v9.7.0 (list_commands.go): the list
// commands of a work queue, pops and the reliable move/remove pair.
package redis

import (
	"context"
	"time"
)

func (c cmdable) BLPop(ctx context.Context, timeout time.Duration, keys ...string) *StringSliceCmd {
	return &StringSliceCmd{}
}

func (c cmdable) LPop(ctx context.Context, key string) *StringCmd { return &StringCmd{} }

func (c cmdable) RPop(ctx context.Context, key string) *StringCmd { return &StringCmd{} }

func (c cmdable) BLMove(ctx context.Context, source, destination, srcpos, destpos string, timeout time.Duration) *StringCmd {
	return &StringCmd{}
}

func (c cmdable) BRPopLPush(ctx context.Context, source, destination string, timeout time.Duration) *StringCmd {
	return &StringCmd{}
}

func (c cmdable) LRem(ctx context.Context, key string, count int64, value interface{}) *IntCmd {
	return &IntCmd{}
}
