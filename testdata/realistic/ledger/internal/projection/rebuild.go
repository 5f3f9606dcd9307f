// Package projection rebuilds read models.
package projection

import (
	"context"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Rebuilder recomputes balances in chunks.
type Rebuilder struct {
	Pool *pgxpool.Pool
	Log  *slog.Logger
}

// chunk recomputes one chunk of accounts and commits it with its own
// timeout applied here, on a context the caller already detached.
func (r *Rebuilder) chunk(ctx context.Context, after string) (string, error) {
	ctx, cancel := context.WithTimeout(ctx, 20*time.Second)
	defer cancel()
	tx, err := r.Pool.Begin(ctx)
	if err != nil {
		return "", err
	}
	defer tx.Rollback(ctx)
	var last string
	err = tx.QueryRow(ctx, `
		WITH c AS (SELECT id FROM accounts WHERE id > $1 ORDER BY id LIMIT 500)
		UPDATE accounts a SET balance = (SELECT coalesce(sum(amount), 0) FROM entries e WHERE e.account_id = a.id)
		FROM c WHERE a.id = c.id
		RETURNING max(a.id) OVER ()`, after).Scan(&last)
	if err == pgx.ErrNoRows {
		return "", nil
	}
	if err != nil {
		return "", err
	}
	return last, tx.Commit(ctx)
}

// Run walks all accounts; it stops between chunks when ctx is cancelled.
func (r *Rebuilder) Run(ctx context.Context) error {
	detached := context.WithoutCancel(ctx)
	cursor := ""
	for {
		select {
		case <-ctx.Done():
			r.Log.Info("rebuild interrupted", "cursor", cursor)
			return nil
		default:
		}
		next, err := r.chunk(detached, cursor)
		if err != nil {
			return err
		}
		if next == "" {
			return nil
		}
		cursor = next
	}
}
