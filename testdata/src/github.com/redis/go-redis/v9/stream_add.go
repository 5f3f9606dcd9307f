// Stub of github.com/redis/go-redis/v9 v9.7.0 (stream_commands.go): XAdd, for
// the dead-letter stream of the realworld PEL recovery case.
package redis

import "context"

type XAddArgs struct {
	Stream string
	Values interface{}
}

func (c cmdable) XAdd(ctx context.Context, a *XAddArgs) *StringCmd {
	return &StringCmd{}
}
