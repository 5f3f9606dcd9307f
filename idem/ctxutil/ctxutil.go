// Package ctxutil builds the context for work that must not be cut in the
// middle by a shutdown.
//
// A worker loop gets a context that is cancelled on SIGTERM, and that is
// right for deciding whether to start the next batch. It is wrong for the
// batch itself: handed to pgx's tx.Commit or to a Kafka writer, the
// cancellation rolls the transaction back (or drops the publish) exactly at
// the moment the work was nearly done. Detached keeps the parent's values
// (trace IDs, logger fields) but not its cancellation, and adds a timeout of
// its own so that a hung database or broker cannot hold the shutdown until
// SIGKILL:
//
//	for {
//		select {
//		case <-ctx.Done():
//			return // start no new batch
//		case <-ticker.C:
//		}
//		batchCtx, cancel := ctxutil.Detached(ctx, 10*time.Second)
//		err := processOneBatch(batchCtx) // both the transaction and the publish
//		cancel()
//		...
//	}
//
// Use the same detached context for the transaction and the publish of one
// batch: protecting only one of them still loses the batch on shutdown.
package ctxutil

import (
	"context"
	"time"
)

// Detached returns a context that carries ctx's values but is not cancelled
// when ctx is, and that expires after timeout:
// context.WithTimeout(context.WithoutCancel(ctx), timeout). Call cancel when
// the work is done. A timeout <= 0 gives a context that has already expired.
func Detached(ctx context.Context, timeout time.Duration) (context.Context, context.CancelFunc) {
	return context.WithTimeout(context.WithoutCancel(ctx), timeout)
}
