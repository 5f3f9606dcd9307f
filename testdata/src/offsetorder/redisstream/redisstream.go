// Package redisstream holds Redis stream consumers (go-redis v9): XAck before and after the work.
package redisstream

import (
	"context"
	"database/sql"

	"github.com/redis/go-redis/v9"
)

// Bad: XAck, then the write.
func AckFirst(ctx context.Context, rdb *redis.Client, db *sql.DB) error { // want AckFirst:"commitsOffset" AckFirst:"durableWork"
	streams, err := rdb.XReadGroup(ctx, &redis.XReadGroupArgs{Group: "g", Consumer: "c", Streams: []string{"orders", ">"}}).Result()
	if err != nil {
		return err
	}
	for _, s := range streams {
		for _, m := range s.Messages {
			rdb.XAck(ctx, "orders", "g", m.ID) // want `message acknowledged by redis\.cmdable\.XAck before \(\*sql\.DB\)\.ExecContext \(redisstream\.go:20\)`
			if _, err := db.ExecContext(ctx, "INSERT INTO processed_event(event_id) VALUES ($1)", m.ID); err != nil {
				return err
			}
		}
	}
	return nil
}

// Good: the write, then XAck.
func AckAfter(ctx context.Context, rdb *redis.Client, db *sql.DB) error { // want AckAfter:"commitsOffset" AckAfter:"durableWork"
	streams, err := rdb.XReadGroup(ctx, &redis.XReadGroupArgs{Group: "g", Consumer: "c", Streams: []string{"orders", ">"}}).Result()
	if err != nil {
		return err
	}
	for _, s := range streams {
		for _, m := range s.Messages {
			if _, err := db.ExecContext(ctx, "INSERT INTO processed_event(event_id) VALUES ($1)", m.ID); err != nil {
				continue
			}
			rdb.XAck(ctx, "orders", "g", m.ID)
		}
	}
	return nil
}
