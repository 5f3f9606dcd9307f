// Stub of github.com/go-redis/redis/v8 v8.11.5 (redis.go, commands.go, command.go): only the
// declarations used by tests.
package redis

import (
	"context"
	"time"
)

// Nil reply returned by Redis when key does not exist.
const Nil = RedisError("redis: nil")

type RedisError string

func (e RedisError) Error() string { return string(e) }

type Cmder interface{ Err() error }

type cmdable func(ctx context.Context, cmd Cmder) error

type Client struct{ cmdable }

type Options struct{ Addr string }

func NewClient(opt *Options) *Client { return &Client{} }

type StringCmd struct{ err error }

func (cmd *StringCmd) Err() error              { return cmd.err }
func (cmd *StringCmd) Result() (string, error) { return "", cmd.err }

type StatusCmd struct{ err error }

func (cmd *StatusCmd) Err() error { return cmd.err }

func (c cmdable) Get(ctx context.Context, key string) *StringCmd { return &StringCmd{} }

func (c cmdable) Set(ctx context.Context, key string, value interface{}, expiration time.Duration) *StatusCmd {
	return &StatusCmd{}
}
