package outbox

import (
	"context"
	"log/slog"
	"time"

	"example.com/corpus/billing/internal/platform/ctxutil"
)

// RunWithHelper is Run with the company helper for the batch context.
func (r *Relay) RunWithHelper(ctx context.Context) error {
	ticker := time.NewTicker(r.interval)
	defer ticker.Stop()
	for {
		select {
		case <-ctx.Done():
			return nil
		case <-ticker.C:
			batchCtx, cancel := ctxutil.Detached(ctx, r.batchTimeout)
			err := r.processOneBatch(batchCtx)
			cancel()
			if err != nil {
				slog.WarnContext(ctx, "outbox batch failed", "error", err)
			}
		}
	}
}
