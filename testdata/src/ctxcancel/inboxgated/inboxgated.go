// Package inboxgated: a consumer whose every message runs in one
// transaction that claims the event in a dedup table and skips on an
// existing claim. A cancelled Commit there rolls the claim back with the
// effects and the redelivery replays the message: not reported. A publish
// leaves the transaction: still reported.
package inboxgated

import (
	"context"
	"errors"
	"time"

	"github.com/idemlint/idemlint/idem/dedup"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/segmentio/kafka-go"
)

type Consumer struct {
	r    *kafka.Reader
	w    *kafka.Writer
	pool *pgxpool.Pool
}

// Run stops on ctx.Done(): ctx is a shutdown source.
func (c *Consumer) Run(ctx context.Context) error {
	for {
		select {
		case <-ctx.Done():
			return nil
		default:
		}
		m, err := c.r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := c.handle(ctx, m); err != nil {
			return err
		}
		if err := c.handleDedup(ctx, m); err != nil {
			return err
		}
		if err := c.handleSqlc(ctx, m); err != nil {
			return err
		}
		if err := c.handleExists(ctx, m); err != nil {
			return err
		}
		if err := c.handleFunc(ctx, m); err != nil {
			return err
		}
		if err := c.handleUnchecked(ctx, m); err != nil {
			return err
		}
		if err := c.handleOutside(ctx, m); err != nil {
			return err
		}
		if err := c.handleAndPublish(ctx, m); err != nil {
			return err
		}
		if err := c.r.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
}

// Good: the claim's row count decides; the commit may be cancelled.
func (c *Consumer) handle(ctx context.Context, m kafka.Message) error { // want handle:"reachesSink p0:tx.Commit"
	tx, err := c.pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	tag, err := tx.Exec(ctx, `INSERT INTO processed_event (event_id) VALUES ($1) ON CONFLICT DO NOTHING`, string(m.Key))
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		return nil // already processed
	}
	if _, err := tx.Exec(ctx, `INSERT INTO orders (id) VALUES ($1)`, string(m.Value)); err != nil {
		return err
	}
	return tx.Commit(ctx) // want `ctx is cancelled on shutdown \(stop signal ctx\.Done\(\) at inboxgated\.go:229, via RunBatch\) and reaches tx\.Commit: SIGTERM rolls the batch back`
}

// Good: idemlint's dedup.Claim.
func (c *Consumer) handleDedup(ctx context.Context, m kafka.Message) error { // want handleDedup:"reachesSink p0:tx.Commit"
	tx, err := c.pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	claimed, err := dedup.Claim(ctx, tx, string(m.Key), "billing")
	if err != nil || !claimed {
		return err
	}
	if _, err := tx.Exec(ctx, `INSERT INTO charges (id) VALUES ($1)`, string(m.Value)); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// Queries is sqlc's query set.
type Queries struct{ db DBTX }

// DBTX is sqlc's interface.
type DBTX interface {
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
}

func (q *Queries) WithTx(tx pgx.Tx) *Queries { return &Queries{db: tx} }

const claimEvent = `-- name: ClaimEvent :one
INSERT INTO inbox (event_id) VALUES ($1) ON CONFLICT DO NOTHING RETURNING event_id`

// ClaimEvent is sqlc's generated claim.
func (q *Queries) ClaimEvent(ctx context.Context, id string) (string, error) {
	row := q.db.QueryRow(ctx, claimEvent, id)
	var s string
	err := row.Scan(&s)
	return s, err
}

// Good: a sqlc claim whose ErrNoRows means "already processed".
func (c *Consumer) handleSqlc(ctx context.Context, m kafka.Message) error { // want handleSqlc:"reachesSink p0:tx.Commit"
	tx, err := c.pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	q := (&Queries{}).WithTx(tx)
	if _, err := q.ClaimEvent(ctx, string(m.Key)); errors.Is(err, pgx.ErrNoRows) {
		return nil
	} else if err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// Good: SELECT EXISTS, skip, then the claim's INSERT in the same transaction.
func (c *Consumer) handleExists(ctx context.Context, m kafka.Message) error { // want handleExists:"reachesSink p0:tx.Commit"
	tx, err := c.pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	var seen bool
	if err := tx.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM inbox WHERE event_id = $1)`, string(m.Key)).Scan(&seen); err != nil {
		return err
	}
	if seen {
		return nil
	}
	if _, err := tx.Exec(ctx, `INSERT INTO inbox (event_id) VALUES ($1)`, string(m.Key)); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// Good: a BeginFunc callback that claims.
func (c *Consumer) handleFunc(ctx context.Context, m kafka.Message) error { // want handleFunc:"reachesSink p0:pgx.BeginFunc"
	return pgx.BeginFunc(ctx, c.pool, func(tx pgx.Tx) error {
		ok, err := dedup.Claim(ctx, tx, string(m.Key), "billing")
		if err != nil || !ok {
			return err
		}
		_, err = tx.Exec(ctx, `INSERT INTO charges (id) VALUES ($1)`, string(m.Value))
		return err
	})
}

// Bad: the claim's outcome is never read: no gate.
func (c *Consumer) handleUnchecked(ctx context.Context, m kafka.Message) error { // want handleUnchecked:"reachesSink p0:tx.Commit"
	tx, err := c.pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, `INSERT INTO processed_event (event_id) VALUES ($1) ON CONFLICT DO NOTHING`, string(m.Key)); err != nil {
		return err
	}
	return tx.Commit(ctx) // want `ctx is cancelled on shutdown \(stop signal ctx\.Done\(\) at inboxgated\.go:29, via Run\) and reaches tx\.Commit: SIGTERM rolls the transaction back`
}

// Bad: the claim runs on the pool, outside the transaction.
func (c *Consumer) handleOutside(ctx context.Context, m kafka.Message) error { // want handleOutside:"reachesSink p0:tx.Commit"
	tag, err := c.pool.Exec(ctx, `INSERT INTO processed_event (event_id) VALUES ($1) ON CONFLICT DO NOTHING`, string(m.Key))
	if err != nil || tag.RowsAffected() == 0 {
		return err
	}
	tx, err := c.pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	return tx.Commit(ctx) // want `ctx is cancelled on shutdown \(stop signal ctx\.Done\(\) at inboxgated\.go:29, via Run\) and reaches tx\.Commit: SIGTERM rolls the transaction back`
}

// Bad: gated, but the publish leaves the transaction.
func (c *Consumer) handleAndPublish(ctx context.Context, m kafka.Message) error { // want handleAndPublish:"reachesSink p0:tx.Commit p0:writer.WriteMessages"
	tx, err := c.pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	claimed, err := dedup.Claim(ctx, tx, string(m.Key), "billing")
	if err != nil || !claimed {
		return err
	}
	if err := tx.Commit(ctx); err != nil {
		return err
	}
	return c.w.WriteMessages(ctx, kafka.Message{Key: m.Key}) // want `ctx is cancelled on shutdown \(stop signal ctx\.Done\(\) at inboxgated\.go:29, via Run\) and reaches writer\.WriteMessages: SIGTERM fails the publish: the message is lost or sent again`
}

// Bad: gated, but detached without a timeout: a hung database holds
// shutdown until SIGKILL.
func (c *Consumer) HandleDetached(ctx context.Context, m kafka.Message) error {
	return c.handle(context.WithoutCancel(ctx), m) // want `is detached with context.WithoutCancel .* but has no timeout when it reaches handle → tx.Commit`
}

// Bad: a batch that dead-letters a failed message and commits the batch:
// a unit cancelled by SIGTERM is dead-lettered and committed past, the
// redelivery never comes.
func (c *Consumer) RunBatch(ctx context.Context, dlq *kafka.Writer) error {
	for {
		select {
		case <-ctx.Done():
			return nil
		default:
		}
		var batch []kafka.Message
		for range 10 {
			m, err := c.r.FetchMessage(ctx)
			if err != nil {
				break
			}
			batch = append(batch, m)
		}
		for _, m := range batch {
			if err := c.handle(ctx, m); err != nil {
				dctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), time.Second)
				_ = dlq.WriteMessages(dctx, m)
				cancel()
			}
		}
		if err := c.r.CommitMessages(ctx, batch...); err != nil {
			return err
		}
	}
}
