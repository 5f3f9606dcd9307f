// Stub of github.com/redis/go-redis/v9 v9.7.0 (redis.go, commands.go, list_commands.go, command.go):
// only the declarations used by tests.
package redis

import (
	"context"
	"time"
)

// Nil reply returned by Redis when key does not exist.
const Nil = RedisError("redis: nil")

type RedisError string

func (e RedisError) Error() string { return string(e) }

type Cmder interface {
	Err() error
}

type cmdable func(ctx context.Context, cmd Cmder) error

// Client is a Redis client representing a pool of zero or more underlying connections.
type Client struct {
	cmdable
}

type Options struct {
	Addr string
}

func NewClient(opt *Options) *Client { return &Client{} }

type StringSliceCmd struct{ err error }

func (cmd *StringSliceCmd) Err() error                { return cmd.err }
func (cmd *StringSliceCmd) Result() ([]string, error) { return nil, cmd.err }

type IntCmd struct{ err error }

func (cmd *IntCmd) Err() error             { return cmd.err }
func (cmd *IntCmd) Result() (int64, error) { return 0, cmd.err }

func (c cmdable) BRPop(ctx context.Context, timeout time.Duration, keys ...string) *StringSliceCmd {
	return &StringSliceCmd{}
}

func (c cmdable) LPush(ctx context.Context, key string, values ...interface{}) *IntCmd {
	return &IntCmd{}
}
