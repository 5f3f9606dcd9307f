// Package redisstream writes with GORM and announces on Redis streams (the
// event bus): XAdd is a broker publish.
package redisstream

import (
	"context"

	"github.com/redis/go-redis/v9"
	"gorm.io/gorm"
)

type Entry struct {
	ID     string
	Amount int64
}

type OutboxEvent struct {
	ID      int64
	Stream  string
	Payload []byte
}

type Wallet struct {
	db  *gorm.DB
	rdb *redis.Client
	bus redis.Cmdable
}

// Credit commits the entry, then appends the event to the stream: a crash
// between the two loses the event.
func (w *Wallet) Credit(ctx context.Context, e *Entry) error {
	err := w.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		return tx.Create(e).Error
	})
	if err != nil {
		return err
	}
	return w.rdb.XAdd(ctx, &redis.XAddArgs{Stream: "wallet.events", Values: map[string]any{"id": e.ID}}).Err() // want `\(\*Wallet\)\.Credit writes to the database \(\(\*gorm\.DB\)\.Create\) and then publishes \(redis\.cmdable\.XAdd\)`
}

// Refund appends through the Cmdable interface, in a pipeline, after the
// commit: still two systems.
func (w *Wallet) Refund(ctx context.Context, e *Entry) error {
	if err := w.db.WithContext(ctx).Create(e).Error; err != nil {
		return err
	}
	_, err := w.rdb.TxPipelined(ctx, func(pipe redis.Pipeliner) error { // want `\(\*Wallet\)\.Refund writes to the database \(\(\*gorm\.DB\)\.Create\) and then publishes \(redis\.StreamCmdable\.XAdd\)`
		pipe.XAdd(ctx, &redis.XAddArgs{Stream: "wallet.events", Values: map[string]any{"id": e.ID}})
		return nil
	})
	return err
}

// Debit writes the entry and its outbox row in one transaction: silent.
func (w *Wallet) Debit(ctx context.Context, e *Entry, payload []byte) error {
	return w.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Create(e).Error; err != nil {
			return err
		}
		return tx.Create(&OutboxEvent{Stream: "wallet.events", Payload: payload}).Error
	})
}

// Hold keeps its state in Redis and announces it in the same MULTI: one
// system, one atomic write, silent.
func (w *Wallet) Hold(ctx context.Context, id string) error {
	_, err := w.rdb.TxPipelined(ctx, func(pipe redis.Pipeliner) error {
		pipe.HSet(ctx, "hold:"+id, "state", "held")
		pipe.XAdd(ctx, &redis.XAddArgs{Stream: "wallet.events", Values: map[string]any{"hold": id}})
		return nil
	})
	return err
}

// Relay appends each outbox row to its stream and then marks it: a crash
// between them appends again, it loses nothing (silent).
func (w *Wallet) Relay(ctx context.Context) error {
	var rows []OutboxEvent
	if err := w.db.WithContext(ctx).Order("id").Limit(100).Find(&rows).Error; err != nil {
		return err
	}
	for _, r := range rows {
		if err := w.bus.XAdd(ctx, &redis.XAddArgs{Stream: r.Stream, Values: map[string]any{"payload": r.Payload}}).Err(); err != nil {
			return err
		}
		if err := w.db.WithContext(ctx).Delete(&OutboxEvent{}, r.ID).Error; err != nil {
			return err
		}
	}
	return nil
}
