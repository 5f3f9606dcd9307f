package outbox

import (
	"context"
	"log/slog"
	"sync"
	"time"

	"example.com/corpus/billing/internal/db"
	"github.com/jackc/pgx/v5/pgtype"
)

// Cleanup returns rows stuck in PUBLISHING to PENDING.
type Cleanup struct {
	queries    *db.Queries
	interval   time.Duration
	stuckAfter time.Duration
}

// NewCleanup wires the cleanup goroutine.
func NewCleanup(q *db.Queries, interval, stuckAfter time.Duration) *Cleanup {
	return &Cleanup{queries: q, interval: interval, stuckAfter: stuckAfter}
}

// Run resets stuck rows on every tick.
func (c *Cleanup) Run(ctx context.Context, wg *sync.WaitGroup) {
	defer wg.Done()
	ticker := time.NewTicker(c.interval)
	defer ticker.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-ticker.C:
			if err := c.queries.ResetStuckPublishing(ctx, pgtype.Interval{
				Microseconds: int64(c.stuckAfter / time.Microsecond),
				Valid:        true,
			}); err != nil {
				slog.WarnContext(ctx, "outbox cleanup failed", "error", err)
			}
		}
	}
}
