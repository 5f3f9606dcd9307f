package apis

import "go/types"

// Redis streams as a message broker (go-redis v8 and v9): XADD appends an
// entry that consumer groups read (XREADGROUP) and acknowledge (XACK, in
// ack.go). A service that commits a row and then XAdds the event has the
// dual write of any broker publish: a crash between the two loses the
// event, and nothing will append it again. The entry is a publish whether
// the call goes through the client (cmdable), the Cmdable/UniversalClient
// interfaces (StreamCmdable declares it in v9, Cmdable in v8) or a
// pipeline (Pipeliner embeds them: its XAdd is sent when the pipeline
// runs). Redis writes are no database writes for dualwrite, so an XAdd
// in a MULTI (TxPipelined) with the Redis keys it announces is one
// system's atomic write, not a dual write.
func init() {
	for _, path := range []string{goRedis, goRedisOld} {
		for _, recv := range []string{"cmdable", "Cmdable", "StreamCmdable"} {
			brokerPublishes.Add(Func{Path: path, Recv: recv, Name: "XAdd"})
		}
	}
}

// RedisPipelineCallbackArg returns the index of the callback that a
// go-redis Pipelined, TxPipelined (MULTI/EXEC) or Watch runs before it
// returns (its commands are sent when the callback is done), the
// receiver not counted, or -1: the callback's XAdd is the call's own.
// Matched on any receiver of the package (Client, ClusterClient, Ring,
// Conn, Tx and the Cmdable/UniversalClient interfaces all declare them).
func RedisPipelineCallbackArg(fn *types.Func) int {
	if fn == nil || fn.Signature().Recv() == nil {
		return -1
	}
	d := Describe(fn)
	if d.Path != goRedis && d.Path != goRedisOld {
		return -1
	}
	switch d.Name {
	case "Pipelined", "TxPipelined", "Watch":
		return 1 // (ctx, fn, ...)
	}
	return -1
}
