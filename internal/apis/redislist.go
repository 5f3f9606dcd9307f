package apis

import "go/types"

// Redis lists as work queues (go-redis v8 and v9): a pop (BRPOP, LPOP, ...)
// removes the entry as it returns it, so the pop is the acknowledgement —
// made before any of the work. The reliable queue moves the entry
// atomically into a processing list (BLMOVE, BRPOPLPUSH, LMOVE) and removes
// it from there (LREM) once the work is done: a crash leaves the entry in
// the processing list to be taken up again; those are not in any table
// (a move acknowledges nothing).

// redisListPops return list entries and remove them in the same command.
var redisListPops = NewSet()

func init() {
	for _, path := range []string{goRedis, goRedisOld} {
		for _, m := range []string{"BRPop", "BLPop", "RPop", "LPop", "RPopCount", "LPopCount", "BLMPop", "LMPop"} {
			redisListPops.Add(Func{Path: path, Recv: "cmdable", Name: m})
		}
	}
}

// RedisListPops returns the go-redis list pops: each returns entries and
// removes them from the list at once.
func RedisListPops() *Set { return redisListPops.Clone() }

// IsRedisListPop reports whether fn pops entries off a Redis list
// (BRPOP, BLPOP, RPOP, LPOP and their COUNT/MPOP forms).
func IsRedisListPop(fn *types.Func) bool { return fn != nil && redisListPops.Match(fn) }
