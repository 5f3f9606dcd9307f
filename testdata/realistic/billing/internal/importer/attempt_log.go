package importer

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"
)

// FetchWithRetry retries a page fetch (a GET); each attempt gets a logger
// tagged with its own attempt ID.
func (im *Importer) FetchWithRetry(ctx context.Context, cursor string) (page, error) {
	var lastErr error
	for attempt := 0; attempt < 3; attempt++ {
		log := im.Log.With("attempt_id", uuid.NewString(), "attempt", attempt)
		p, err := im.fetch(ctx, cursor)
		if err == nil {
			log.DebugContext(ctx, "page fetched", "items", len(p.Items))
			return p, nil
		}
		log.WarnContext(ctx, "page fetch failed", "error", err)
		lastErr = err
		time.Sleep(time.Duration(attempt+1) * 200 * time.Millisecond)
	}
	return page{}, fmt.Errorf("fetch page: %w", lastErr)
}
