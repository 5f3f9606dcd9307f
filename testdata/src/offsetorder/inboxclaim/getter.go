package inboxclaim

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/segmentio/kafka-go"

	"offsetorder/inboxclaim/store"
)

// unit is a unit of work that hands its transaction out through a getter.
type unit struct{ tx pgx.Tx }

func (u *unit) Tx() pgx.Tx { return u.tx }

func (u *unit) Commit(ctx context.Context) error { return u.tx.Commit(ctx) } // want Commit:"durableWork"

func (u *unit) Rollback(ctx context.Context) { _ = u.tx.Rollback(ctx) }

// begin opens a unit of work (the caller sees only the unit, not its
// transaction).
func (c *Consumer) begin(ctx context.Context) (*unit, error) {
	tx, err := c.pool.Begin(ctx)
	if err != nil {
		return nil, err
	}
	return &unit{tx: tx}, nil
}

func applyOn(ctx context.Context, tx pgx.Tx, m kafka.Message) error {
	_, err := tx.Exec(ctx, `UPDATE accounts SET balance = balance + 1 WHERE id = $1`, string(m.Key))
	return err
}

// ClaimThroughGetter: the claim and the work both run on u.Tx(), one
// transaction committed before the offset: left alone.
func (c *Consumer) ClaimThroughGetter(ctx context.Context) { // want ClaimThroughGetter:"commitsOffset\\(\\(\\*kafka.Reader\\).CommitMessages\\)" ClaimThroughGetter:"durableWork"
	for {
		m, err := c.r.FetchMessage(ctx)
		if err != nil {
			return
		}
		u, err := c.begin(ctx)
		if err != nil {
			continue
		}
		fresh, err := store.ClaimOn(ctx, u.Tx(), string(m.Key))
		if err != nil {
			u.Rollback(ctx)
			continue
		}
		if fresh {
			if err := applyOn(ctx, u.Tx(), m); err != nil {
				u.Rollback(ctx)
				continue
			}
		}
		if err := u.Commit(ctx); err != nil {
			continue
		}
		_ = c.r.CommitMessages(ctx, m)
	}
}
