// Package ownacks holds Redis stream consumers that call a helper acking
// entries before their read loop: a helper that reads the entries it acks
// (the recovery of the pending entries) acks none of the loop's.
package ownacks

import (
	"context"
	"database/sql"

	"github.com/redis/go-redis/v9"
)

type Queue struct {
	rdb  *redis.Client
	db   *sql.DB
	done []string // IDs of entries handled elsewhere, acked later
}

func (q *Queue) store(ctx context.Context, m redis.XMessage) error { // want store:`durableWork\(\(\*sql\.DB\)\.ExecContext\)`
	_, err := q.db.ExecContext(ctx, "INSERT INTO orders(id) VALUES ($1)", m.ID)
	return err
}

func (q *Queue) ack(ctx context.Context, id string) { // want ack:`commitsOffset\(redis\.cmdable\.XAck\)`
	q.rdb.XAck(ctx, "orders", "g", id)
}

// recover reads this consumer's pending entries (ID "0"), stores each and
// acks it after the store.
func (q *Queue) recover(ctx context.Context) error { // want recover:`commitsOffset\(\(\*Queue\)\.ack → redis\.cmdable\.XAck\)` recover:`durableWork\(\(\*Queue\)\.store → \(\*sql\.DB\)\.ExecContext\)`
	streams, err := q.rdb.XReadGroup(ctx, &redis.XReadGroupArgs{Group: "g", Consumer: "c", Streams: []string{"orders", "0"}}).Result()
	if err != nil {
		return err
	}
	for _, s := range streams {
		for _, m := range s.Messages {
			if err := q.store(ctx, m); err != nil {
				continue
			}
			q.ack(ctx, m.ID)
		}
	}
	return nil
}

// Good: the recovery acks only the entries it read and stored itself,
// none of those the loop reads after it.
func (q *Queue) RecoverThenLoop(ctx context.Context) { // want RecoverThenLoop:`commitsOffset\(\(\*Queue\)\.recover → \(\*Queue\)\.ack → redis\.cmdable\.XAck\)` RecoverThenLoop:`durableWork\(\(\*Queue\)\.recover → \(\*Queue\)\.store → \(\*sql\.DB\)\.ExecContext\)`
	_ = q.recover(ctx)
	for {
		streams, err := q.rdb.XReadGroup(ctx, &redis.XReadGroupArgs{Group: "g", Consumer: "c", Streams: []string{"orders", ">"}}).Result()
		if err != nil {
			continue
		}
		for _, s := range streams {
			for _, m := range s.Messages {
				if err := q.store(ctx, m); err != nil {
					continue
				}
				q.ack(ctx, m.ID)
			}
		}
	}
}

// flushAcks acks entries it did not read: the IDs the caller collected.
func (q *Queue) flushAcks(ctx context.Context) { // want flushAcks:`commitsOffset\(\(\*Queue\)\.ack → redis\.cmdable\.XAck\)`
	for _, id := range q.done {
		q.ack(ctx, id)
	}
	q.done = nil
}

// Bad: the helper acks the batch's entries (which it did not read) before
// the loop stores them.
func (q *Queue) AckBatchFirst(ctx context.Context) { // want AckBatchFirst:`commitsOffset\(\(\*Queue\)\.flushAcks → \(\*Queue\)\.ack → redis\.cmdable\.XAck\)` AckBatchFirst:`durableWork\(\(\*Queue\)\.store → \(\*sql\.DB\)\.ExecContext\)`
	for {
		streams, err := q.rdb.XReadGroup(ctx, &redis.XReadGroupArgs{Group: "g", Consumer: "c", Streams: []string{"orders", ">"}}).Result()
		if err != nil {
			continue
		}
		for _, s := range streams {
			for _, m := range s.Messages {
				q.done = append(q.done, m.ID)
			}
		}
		q.flushAcks(ctx) // want `offset committed by \(\*Queue\)\.flushAcks → \(\*Queue\)\.ack → redis\.cmdable\.XAck before \(\*Queue\)\.store`
		for _, s := range streams {
			for _, m := range s.Messages {
				_ = q.store(ctx, m)
			}
		}
	}
}

// ackWithOwn acks the entry it is given, then reads and acks entries of
// its own.
func (q *Queue) ackWithOwn(ctx context.Context, m redis.XMessage) { // want ackWithOwn:`commitsOffset\(\(\*Queue\)\.ack → redis\.cmdable\.XAck\)` ackWithOwn:`durableWork\(\(\*Queue\)\.recover → \(\*Queue\)\.store → \(\*sql\.DB\)\.ExecContext\)`
	q.ack(ctx, m.ID)
	_ = q.recover(ctx)
}

// Bad: the helper reads entries of its own but also acks the loop's entry,
// before the loop stores it.
func (q *Queue) AckGivenEntryFirst(ctx context.Context) { // want AckGivenEntryFirst:`durableWork\(\(\*Queue\)\.ackWithOwn → \(\*Queue\)\.recover → … → \(\*sql\.DB\)\.ExecContext\)` AckGivenEntryFirst:`commitsOffset\(\(\*Queue\)\.ackWithOwn → \(\*Queue\)\.ack → redis\.cmdable\.XAck\)`
	for {
		streams, err := q.rdb.XReadGroup(ctx, &redis.XReadGroupArgs{Group: "g", Consumer: "c", Streams: []string{"orders", ">"}}).Result()
		if err != nil {
			continue
		}
		for _, s := range streams {
			for _, m := range s.Messages {
				q.ackWithOwn(ctx, m) // want `message acknowledged by \(\*Queue\)\.ackWithOwn`
				_ = q.store(ctx, m)
			}
		}
	}
}
