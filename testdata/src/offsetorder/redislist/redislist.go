// Package redislist holds Redis list work queues (go-redis v9 and v8): a
// pop removes the entry before the work; a move into a processing list and
// an LRem after the work do not.
package redislist

import (
	"context"
	"database/sql"
	"log"
	"net/http"
	"strings"

	redisv8 "github.com/go-redis/redis/v8"
	"github.com/redis/go-redis/v9"
)

// Bad: BRPOP takes the entry off the list, then the row is written: a
// crash in between loses it.
func PopFirst(ctx context.Context, rdb *redis.Client, db *sql.DB) { // want PopFirst:"durableWork"
	for {
		res, err := rdb.BRPop(ctx, 0, "jobs").Result() // want `redis\.cmdable\.BRPop removes the entry from the Redis list as it returns it, before \(\*sql\.DB\)\.ExecContext \(redislist\.go:25\) handles it`
		if err != nil {
			continue
		}
		if _, err := db.ExecContext(ctx, "INSERT INTO jobs (payload) VALUES ($1)", res[1]); err != nil {
			log.Print(err)
		}
	}
}

// Bad: LPOP of one entry, handed to a helper that calls out.
func LPopThenNotify(ctx context.Context, rdb *redis.Client, url string) { // want LPopThenNotify:"durableWork"
	for {
		body, err := rdb.LPop(ctx, "notifications").Result() // want `redis\.cmdable\.LPop removes the entry .* before notify → http\.Post`
		if err != nil {
			return
		}
		notify(url, body)
	}
}

func notify(url, body string) {
	resp, err := http.Post(url, "application/json", strings.NewReader(body))
	if err == nil {
		resp.Body.Close()
	}
}

// Bad: the same with go-redis v8.
func PopFirstV8(ctx context.Context, rdb *redisv8.Client, db *sql.DB) { // want PopFirstV8:"durableWork"
	for {
		res, err := rdb.BRPop(ctx, 0, "jobs").Result() // want `BRPop removes the entry`
		if err != nil {
			continue
		}
		db.ExecContext(ctx, "INSERT INTO jobs (payload) VALUES ($1)", res[1])
	}
}

// Good: the reliable queue: BLMOVE into a processing list, the work, then
// LREM from the processing list.
func MoveThenRemove(ctx context.Context, rdb *redis.Client, db *sql.DB) { // want MoveThenRemove:"commitsOffset" MoveThenRemove:"durableWork"
	for {
		job, err := rdb.BLMove(ctx, "jobs", "jobs:processing", "RIGHT", "LEFT", 0).Result()
		if err != nil {
			continue
		}
		if _, err := db.ExecContext(ctx, "INSERT INTO jobs (payload) VALUES ($1)", job); err != nil {
			continue // left in jobs:processing, taken up again by the reaper
		}
		rdb.LRem(ctx, "jobs:processing", 1, job)
	}
}

// Bad: the reliable queue's LREM comes before the work: the entry leaves
// the processing list, then the write may never happen.
func RemoveFirst(ctx context.Context, rdb *redis.Client, db *sql.DB) { // want RemoveFirst:"commitsOffset" RemoveFirst:"durableWork"
	for {
		job, err := rdb.BLMove(ctx, "jobs", "jobs:processing", "RIGHT", "LEFT", 0).Result()
		if err != nil {
			continue
		}
		rdb.LRem(ctx, "jobs:processing", 1, job) // want `message acknowledged by redis\.cmdable\.LRem before \(\*sql\.DB\)\.ExecContext`
		db.ExecContext(ctx, "INSERT INTO jobs (payload) VALUES ($1)", job)
	}
}

// Good: an LRem of a constant is list housekeeping, not the entry's ack.
func TrimMarker(ctx context.Context, rdb *redis.Client, db *sql.DB) { // want TrimMarker:"commitsOffset" TrimMarker:"durableWork"
	for {
		job, err := rdb.BLMove(ctx, "jobs", "jobs:processing", "RIGHT", "LEFT", 0).Result()
		if err != nil {
			continue
		}
		rdb.LRem(ctx, "jobs:processing", 0, "PING")
		if _, err := db.ExecContext(ctx, "INSERT INTO jobs (payload) VALUES ($1)", job); err != nil {
			continue
		}
		rdb.LRem(ctx, "jobs:processing", 1, job)
	}
}

// Good: the same with BRPOPLPUSH on go-redis v8.
func PopPushThenRemoveV8(ctx context.Context, rdb *redisv8.Client, db *sql.DB) { // want PopPushThenRemoveV8:"commitsOffset" PopPushThenRemoveV8:"durableWork"
	for {
		job, err := rdb.BRPopLPush(ctx, "jobs", "jobs:processing", 0).Result()
		if err != nil {
			continue
		}
		if _, err := db.ExecContext(ctx, "INSERT INTO jobs (payload) VALUES ($1)", job); err != nil {
			continue
		}
		rdb.LRem(ctx, "jobs:processing", 1, job)
	}
}

// Good: a pop whose entry is only logged: no work to lose.
func PopAndLog(ctx context.Context, rdb *redis.Client) {
	for {
		res, err := rdb.BLPop(ctx, 0, "audit").Result()
		if err != nil {
			return
		}
		log.Print(res)
	}
}

// Command mimics a CLI command declared as a package variable whose Run
// is a function literal (cobra's shape).
type Command struct {
	Use string
	Run func(args []string)
}

// Bad: the same pop-first worker inside a package variable's literal.
var workerCmd = &Command{
	Use: "worker",
	Run: func(args []string) {
		ctx := context.Background()
		rdb := redis.NewClient(&redis.Options{Addr: args[0]})
		for {
			body, err := rdb.RPop(ctx, "notifications").Result() // want `redis\.cmdable\.RPop removes the entry`
			if err != nil {
				return
			}
			notify(args[1], body)
		}
	},
}
