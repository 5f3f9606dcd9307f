// Stub of github.com/redis/go-redis/v9 v9.7.0 (string_commands.go, generic_commands.go, command.go):
// only the declarations used by the checkthenact tests.
package redis

import (
	"context"
	"time"
)

type StringCmd struct{ err error }

func (cmd *StringCmd) Err() error              { return cmd.err }
func (cmd *StringCmd) Result() (string, error) { return "", cmd.err }

type StatusCmd struct{ err error }

func (cmd *StatusCmd) Err() error { return cmd.err }

type BoolCmd struct{ err error }

func (cmd *BoolCmd) Err() error            { return cmd.err }
func (cmd *BoolCmd) Result() (bool, error) { return false, cmd.err }

type Cmd struct{ err error }

func (cmd *Cmd) Err() error { return cmd.err }

// SetArgs provides arguments for the SetArgs function.
type SetArgs struct {
	Mode string
	TTL  time.Duration
}

func (c cmdable) Get(ctx context.Context, key string) *StringCmd { return &StringCmd{} }

func (c cmdable) Exists(ctx context.Context, keys ...string) *IntCmd { return &IntCmd{} }

func (c cmdable) Set(ctx context.Context, key string, value interface{}, expiration time.Duration) *StatusCmd {
	return &StatusCmd{}
}

func (c cmdable) SetNX(ctx context.Context, key string, value interface{}, expiration time.Duration) *BoolCmd {
	return &BoolCmd{}
}

func (c cmdable) SetArgs(ctx context.Context, key string, value interface{}, a SetArgs) *StatusCmd {
	return &StatusCmd{}
}

func (c *Client) Do(ctx context.Context, args ...interface{}) *Cmd { return &Cmd{} }
