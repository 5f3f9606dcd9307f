// Package inboxclaim: an inbox claim committed on its own (auto-committed
// on the pool) before the work acts as an early commit; the same claim in
// the transaction of the work, or a claim that no later work follows, is
// left alone.
package inboxclaim

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/segmentio/kafka-go"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

type Consumer struct {
	pool *pgxpool.Pool
	r    *kafka.Reader
	db   *gorm.DB
}

// Seen is a GORM inbox row; Credit a GORM effect.
type Seen struct{ Key string }
type Credit struct{ Key string }

// markSeen claims the message's key on the pool and tells whether it is new.
func (c *Consumer) markSeen(ctx context.Context, m kafka.Message) (bool, error) { // want markSeen:"durableWork"
	tag, err := c.pool.Exec(ctx, `INSERT INTO inbox (key) VALUES ($1) ON CONFLICT DO NOTHING`, string(m.Key))
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}

func (c *Consumer) apply(ctx context.Context, m kafka.Message) error { // want apply:"durableWork"
	_, err := c.pool.Exec(ctx, `UPDATE accounts SET balance = balance + 1 WHERE id = $1`, string(m.Key))
	return err
}

// ClaimViaHelper: the helper's claim commits before apply runs.
func (c *Consumer) ClaimViaHelper(ctx context.Context) { // want ClaimViaHelper:"commitsOffset\\(\\(\\*kafka.Reader\\).CommitMessages\\)" ClaimViaHelper:"durableWork"
	for {
		m, err := c.r.FetchMessage(ctx)
		if err != nil {
			return
		}
		fresh, err := c.markSeen(ctx, m) // want `c.markSeen claims the message in an inbox table on its own, committed before .*apply .* handles it: if that work fails or SIGTERM cuts it, the redelivery finds the claim and skips the message`
		if err != nil {
			continue
		}
		if fresh {
			if err := c.apply(ctx, m); err != nil {
				continue
			}
		}
		_ = c.r.CommitMessages(ctx, m)
	}
}

// ClaimInline: the claim is a pool Exec in the loop itself.
func (c *Consumer) ClaimInline(ctx context.Context) { // want ClaimInline:"commitsOffset\\(\\(\\*kafka.Reader\\).CommitMessages\\)" ClaimInline:"durableWork"
	for {
		m, err := c.r.FetchMessage(ctx)
		if err != nil {
			return
		}
		tag, err := c.pool.Exec(ctx, `INSERT INTO inbox (key) VALUES ($1) ON CONFLICT DO NOTHING`, string(m.Key)) // want `c.pool.Exec claims the message in an inbox table on its own`
		if err != nil || tag.RowsAffected() == 0 {
			_ = c.r.CommitMessages(ctx, m)
			continue
		}
		_ = c.apply(ctx, m)
		_ = c.r.CommitMessages(ctx, m)
	}
}

// ClaimInTx: the claim and the work share one transaction, committed
// before the offset: a failed or cut unit rolls the claim back.
func (c *Consumer) ClaimInTx(ctx context.Context) { // want ClaimInTx:"commitsOffset\\(\\(\\*kafka.Reader\\).CommitMessages\\)" ClaimInTx:"durableWork"
	for {
		m, err := c.r.FetchMessage(ctx)
		if err != nil {
			return
		}
		tx, err := c.pool.Begin(ctx)
		if err != nil {
			continue
		}
		tag, err := tx.Exec(ctx, `INSERT INTO inbox (key) VALUES ($1) ON CONFLICT DO NOTHING`, string(m.Key))
		if err != nil || tag.RowsAffected() == 0 {
			_ = tx.Rollback(ctx)
			_ = c.r.CommitMessages(ctx, m)
			continue
		}
		if _, err := tx.Exec(ctx, `UPDATE accounts SET balance = balance + 1 WHERE id = $1`, string(m.Key)); err != nil {
			_ = tx.Rollback(ctx)
			continue
		}
		if err := tx.Commit(ctx); err != nil {
			continue
		}
		_ = c.r.CommitMessages(ctx, m)
	}
}

// MarkAfter: the processed marker is written after the work; nothing
// follows it but the offset commit.
func (c *Consumer) MarkAfter(ctx context.Context) { // want MarkAfter:"commitsOffset\\(\\(\\*kafka.Reader\\).CommitMessages\\)" MarkAfter:"durableWork"
	for {
		m, err := c.r.FetchMessage(ctx)
		if err != nil {
			return
		}
		if err := c.apply(ctx, m); err != nil {
			continue
		}
		if fresh, err := c.markSeen(ctx, m); err != nil || !fresh {
			continue
		}
		_ = c.r.CommitMessages(ctx, m)
	}
}

// RecordOnly: an insert whose outcome is not tested is a record, not a
// dedup gate: nothing is skipped on a redelivery.
func (c *Consumer) RecordOnly(ctx context.Context) { // want RecordOnly:"commitsOffset\\(\\(\\*kafka.Reader\\).CommitMessages\\)" RecordOnly:"durableWork"
	for {
		m, err := c.r.FetchMessage(ctx)
		if err != nil {
			return
		}
		_, _ = c.pool.Exec(ctx, `INSERT INTO seen (key) VALUES ($1) ON CONFLICT DO NOTHING`, string(m.Key))
		_ = c.apply(ctx, m)
		_ = c.r.CommitMessages(ctx, m)
	}
}

// ClaimGORMInTx: GORM's DO NOTHING claim in the Transaction callback with
// the work, RowsAffected tested: the claim rolls back with the work.
func (c *Consumer) ClaimGORMInTx(ctx context.Context) { // want ClaimGORMInTx:"commitsOffset\\(\\(\\*kafka.Reader\\).CommitMessages\\)" ClaimGORMInTx:"durableWork"
	for {
		m, err := c.r.FetchMessage(ctx)
		if err != nil {
			return
		}
		err = c.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
			res := tx.Clauses(clause.OnConflict{DoNothing: true}).Create(&Seen{Key: string(m.Key)})
			if res.Error != nil {
				return res.Error
			}
			if res.RowsAffected == 0 {
				return nil
			}
			return tx.Create(&Credit{Key: string(m.Key)}).Error
		})
		if err != nil {
			continue
		}
		_ = c.r.CommitMessages(ctx, m)
	}
}

// ClaimGORMOnPool: the same claim on the handle, auto-committed before the
// work.
func (c *Consumer) ClaimGORMOnPool(ctx context.Context) { // want ClaimGORMOnPool:"commitsOffset\\(\\(\\*kafka.Reader\\).CommitMessages\\)" ClaimGORMOnPool:"durableWork"
	for {
		m, err := c.r.FetchMessage(ctx)
		if err != nil {
			return
		}
		res := c.db.WithContext(ctx).Clauses(clause.OnConflict{DoNothing: true}).Create(&Seen{Key: string(m.Key)}) // want `claims the message in an inbox table on its own`
		if res.Error != nil || res.RowsAffected == 0 {
			_ = c.r.CommitMessages(ctx, m)
			continue
		}
		_ = c.apply(ctx, m)
		_ = c.r.CommitMessages(ctx, m)
	}
}
