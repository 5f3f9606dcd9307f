package apis

import "go/types"

// Redis lists as work queues (go-redis v8 and v9): a pop (BRPOP, LPOP, ...)
// removes the entry as it returns it, so the pop is the acknowledgement —
// made before any of the work. The reliable queue moves the entry
// atomically into a processing list (BLMOVE, BRPOPLPUSH, LMOVE) and removes
// it from there (LREM) once the work is done: a crash leaves the entry in
// the processing list to be taken up again. The move is a receive, the
// LREM of the entry its acknowledgement.

// redisListPops return list entries and remove them in the same command.
var redisListPops = NewSet()

// redisListMoves return an entry and keep it in a processing list.
var redisListMoves = NewSet()

// redisListRemoves remove an entry from a list by value: LRem(ctx, key,
// count, value) — the processing list's acknowledgement.
var redisListRemoves = NewSet()

func init() {
	for _, path := range []string{goRedis, goRedisOld} {
		for _, m := range []string{"BRPop", "BLPop", "RPop", "LPop", "RPopCount", "LPopCount", "BLMPop", "LMPop"} {
			redisListPops.Add(Func{Path: path, Recv: "cmdable", Name: m})
		}
		for _, m := range []string{"BLMove", "LMove", "BRPopLPush", "RPopLPush"} {
			redisListMoves.Add(Func{Path: path, Recv: "cmdable", Name: m})
		}
		redisListRemoves.Add(Func{Path: path, Recv: "cmdable", Name: "LRem"})
	}
}

// RedisListPops returns the go-redis list pops: each returns entries and
// removes them from the list at once.
func RedisListPops() *Set { return redisListPops.Clone() }

// IsRedisListPop reports whether fn pops entries off a Redis list
// (BRPOP, BLPOP, RPOP, LPOP and their COUNT/MPOP forms).
func IsRedisListPop(fn *types.Func) bool { return fn != nil && redisListPops.Match(fn) }

// RedisListMoves returns the go-redis moves into a processing list
// (BLMove, LMove, BRPopLPush, RPopLPush): receives of the reliable queue.
func RedisListMoves() *Set { return redisListMoves.Clone() }

// RedisListRemoves returns go-redis's LRem: the reliable queue's ack.
func RedisListRemoves() *Set { return redisListRemoves.Clone() }

// RedisListRemoveValueArg is the index of LRem's value (the entry removed)
// among its arguments, the receiver not counted.
const RedisListRemoveValueArg = 3

// IsRedisListRemove reports whether fn is go-redis's LRem.
func IsRedisListRemove(fn *types.Func) bool { return fn != nil && redisListRemoves.Match(fn) }
