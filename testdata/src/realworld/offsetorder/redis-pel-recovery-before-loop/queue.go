// Package queue works through a Redis stream with a consumer group (batch 6
// sweep: a booking service's order queue). Before its read loop, Subscribe
// recovers the entries this consumer read before a crash (XREADGROUP with
// ID "0") and acks each one after handling it. The loop then reads new
// entries (">"), handles them, dead-letters the ones that keep failing and
// acks each after its own handling. Every ack follows the work on the entry
// it acks; the recovery's acks concern other entries than the loop's.
package queue

import (
	"context"
	"errors"
	"log"

	"github.com/redis/go-redis/v9"
)

const (
	stream = "orders:stream"
	group  = "orders:group"
)

type Queue struct{ rdb *redis.Client }

type Order struct{ ID string }

type Handler func(ctx context.Context, o *Order) error

func parse(m redis.XMessage) (*Order, error) {
	id, ok := m.Values["order_id"].(string)
	if !ok {
		return nil, errMalformed
	}
	return &Order{ID: id}, nil
}

var errMalformed = errors.New("malformed entry")

// parseFailed dead-letters an entry that cannot be parsed.
func (q *Queue) parseFailed(ctx context.Context, m redis.XMessage, cause error) bool { // want parseFailed:`durableWork\(\(\*Queue\)\.deadLetter → redis\.cmdable\.XAdd\)`
	return q.deadLetter(ctx, m)
}

func (q *Queue) ack(ctx context.Context, id string) { // want ack:`commitsOffset\(redis\.cmdable\.XAck\)`
	_ = q.rdb.XAck(ctx, stream, group, id).Err()
}

func (q *Queue) deadLetter(ctx context.Context, m redis.XMessage) bool { // want deadLetter:`durableWork\(redis\.cmdable\.XAdd\)`
	return q.rdb.XAdd(ctx, &redis.XAddArgs{Stream: "orders:dlq", Values: m.Values}).Err() == nil
}

func (q *Queue) withRetry(ctx context.Context, h Handler, o *Order) error { // want withRetry:`durableWork\(h\)`
	var err error
	for i := 0; i < 3; i++ {
		if err = h(ctx, o); err == nil {
			return nil
		}
	}
	return err
}

func (q *Queue) recoverPending(ctx context.Context, consumer string, h Handler) error { // want recoverPending:`durableWork\(\(\*Queue\)\.parseFailed → \(\*Queue\)\.deadLetter → redis\.cmdable\.XAdd\)` recoverPending:`commitsOffset\(\(\*Queue\)\.ack → redis\.cmdable\.XAck\)`
	for {
		streams, err := q.rdb.XReadGroup(ctx, &redis.XReadGroupArgs{Group: group, Consumer: consumer, Streams: []string{stream, "0"}, Count: 10}).Result()
		if err != nil {
			return err
		}
		if len(streams) == 0 || len(streams[0].Messages) == 0 {
			return nil
		}
		for _, m := range streams[0].Messages {
			o, err := parse(m)
			if err != nil {
				if q.parseFailed(ctx, m, err) {
					q.ack(ctx, m.ID)
				}
				continue
			}
			if err := q.withRetry(ctx, h, o); err != nil {
				if !q.deadLetter(ctx, m) {
					continue
				}
			}
			q.ack(ctx, m.ID)
		}
	}
}

func (q *Queue) Subscribe(ctx context.Context, consumer string, h Handler) error { // want Subscribe:`commitsOffset\(\(\*Queue\)\.recoverPending → \(\*Queue\)\.ack → redis\.cmdable\.XAck\)` Subscribe:`durableWork\(\(\*Queue\)\.recoverPending → \(\*Queue\)\.parseFailed → … → redis\.cmdable\.XAdd\)`
	if err := q.recoverPending(ctx, consumer, h); err != nil {
		log.Printf("recover pending: %v", err)
	}
	for {
		select {
		case <-ctx.Done():
			return ctx.Err()
		default:
		}
		streams, err := q.rdb.XReadGroup(ctx, &redis.XReadGroupArgs{Group: group, Consumer: consumer, Streams: []string{stream, ">"}, Count: 10}).Result()
		if err != nil {
			continue
		}
		for _, s := range streams {
			for _, m := range s.Messages {
				o, err := parse(m)
				if err != nil {
					if q.parseFailed(ctx, m, err) {
						q.ack(ctx, m.ID)
					}
					continue
				}
				if err := q.withRetry(ctx, h, o); err != nil {
					if !q.deadLetter(ctx, m) {
						continue
					}
				}
				q.ack(ctx, m.ID)
			}
		}
	}
}
