// Stub of github.com/go-redis/redis/v8 v8.11.5 (commands.go, command.go): the
// list commands of a work queue.
package redis

import (
	"context"
	"time"
)

type StringSliceCmd struct{ err error }

func (cmd *StringSliceCmd) Err() error                { return cmd.err }
func (cmd *StringSliceCmd) Result() ([]string, error) { return nil, cmd.err }

type IntCmd struct{ err error }

func (cmd *IntCmd) Err() error             { return cmd.err }
func (cmd *IntCmd) Result() (int64, error) { return 0, cmd.err }

func (c cmdable) BRPop(ctx context.Context, timeout time.Duration, keys ...string) *StringSliceCmd {
	return &StringSliceCmd{}
}

func (c cmdable) BRPopLPush(ctx context.Context, source, destination string, timeout time.Duration) *StringCmd {
	return &StringCmd{}
}

func (c cmdable) LRem(ctx context.Context, key string, count int64, value interface{}) *IntCmd {
	return &IntCmd{}
}
