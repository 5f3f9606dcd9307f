// Stub of github.com/redis/go-redis/v9 v9.7.0 (stream_commands.go, command.go): only the declarations used by tests.
package redis

import "context"

type XMessage struct {
	ID     string
	Values map[string]interface{}
}

type XStream struct {
	Stream   string
	Messages []XMessage
}

type XReadGroupArgs struct {
	Group    string
	Consumer string
	Streams  []string
	Count    int64
}

type XStreamSliceCmd struct{ err error }

func (cmd *XStreamSliceCmd) Err() error                 { return cmd.err }
func (cmd *XStreamSliceCmd) Result() ([]XStream, error) { return nil, cmd.err }

func (c cmdable) XReadGroup(ctx context.Context, a *XReadGroupArgs) *XStreamSliceCmd {
	return &XStreamSliceCmd{}
}

func (c cmdable) XAck(ctx context.Context, stream, group string, ids ...string) *IntCmd {
	return &IntCmd{}
}
