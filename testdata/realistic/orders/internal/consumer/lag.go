package consumer

import (
	"sync"
	"time"
)

// LagTracker keeps the last consumed offset and timestamp per partition
// for the /metrics endpoint.
type LagTracker struct {
	mu   sync.Mutex
	last map[string]map[int32]int64
	age  map[string]time.Duration
}

// NewLagTracker returns an empty tracker.
func NewLagTracker() *LagTracker {
	return &LagTracker{last: map[string]map[int32]int64{}, age: map[string]time.Duration{}}
}

// Observe records a consumed message.
func (t *LagTracker) Observe(topic string, partition int32, offset int64, ts time.Time) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.last[topic] == nil {
		t.last[topic] = map[int32]int64{}
	}
	t.last[topic][partition] = offset
	t.age[topic] = time.Since(ts)
}
