// Package stream consumes Redis streams with consumer groups.
package stream

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"github.com/redis/go-redis/v9"
)

// Handler handles one stream entry.
type Handler func(ctx context.Context, msg redis.XMessage) error

// Group reads one stream as one consumer of a group.
type Group struct {
	rdb      *redis.Client
	stream   string
	group    string
	consumer string
	log      *slog.Logger
}

// NewGroup returns a group reader and creates the group if needed.
func NewGroup(ctx context.Context, rdb *redis.Client, stream, group, consumer string, log *slog.Logger) (*Group, error) {
	if err := rdb.XGroupCreateMkStream(ctx, stream, group, "0").Err(); err != nil && err.Error() != "BUSYGROUP Consumer Group name already exists" {
		return nil, err
	}
	return &Group{rdb: rdb, stream: stream, group: group, consumer: consumer, log: log}, nil
}

// Read blocks for the next batch of entries.
func (g *Group) Read(ctx context.Context) ([]redis.XMessage, error) {
	res, err := g.rdb.XReadGroup(ctx, &redis.XReadGroupArgs{
		Group:    g.group,
		Consumer: g.consumer,
		Streams:  []string{g.stream, ">"},
		Count:    32,
		Block:    5 * time.Second,
	}).Result()
	if errors.Is(err, redis.Nil) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var out []redis.XMessage
	for _, s := range res {
		out = append(out, s.Messages...)
	}
	return out, nil
}

// Ack acknowledges ids.
func (g *Group) Ack(ctx context.Context, ids ...string) error {
	return g.rdb.XAck(ctx, g.stream, g.group, ids...).Err()
}

// Run hands each entry to h and acks it when h succeeds; a failed entry
// stays pending and is reclaimed by the janitor (XAUTOCLAIM) later.
func (g *Group) Run(ctx context.Context, h Handler) error {
	for ctx.Err() == nil {
		msgs, err := g.Read(ctx)
		if err != nil {
			g.log.Error("xreadgroup", "stream", g.stream, "err", err)
			time.Sleep(time.Second)
			continue
		}
		for _, m := range msgs {
			if err := h(ctx, m); err != nil {
				g.log.Error("handler failed, left pending", "stream", g.stream, "id", m.ID, "err", err)
				continue
			}
			if err := g.Ack(ctx, m.ID); err != nil {
				return err
			}
		}
	}
	return ctx.Err()
}
