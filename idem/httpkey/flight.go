package httpkey

import (
	"sync"
	"time"
)

// flights coalesces the repeats of one key inside one process: while one
// request (the leader) is at the database for a key, the others wait on its
// done channel instead of each taking a pool connection to find the key
// busy. A leader that has run for longer than the owner timeout no longer
// holds the others back (its handler may be hung; the database, which ends
// the hung owner's session, decides).
type flights struct {
	mu sync.Mutex
	m  map[string]*flight
}

type flight struct {
	done  chan struct{}
	start time.Time
}

// enter makes the caller the leader for k, or returns the current leader's
// done channel and how long it may still be waited for.
func (f *flights) enter(k string, ownerTimeout time.Duration) (leave func(), wait <-chan struct{}, patience time.Duration) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if cur := f.m[k]; cur != nil {
		if left := ownerTimeout - time.Since(cur.start); left > 0 {
			return nil, cur.done, left
		}
	}
	if f.m == nil {
		f.m = map[string]*flight{}
	}
	me := &flight{done: make(chan struct{}), start: time.Now()}
	f.m[k] = me
	return func() {
		f.mu.Lock()
		if f.m[k] == me {
			delete(f.m, k)
		}
		f.mu.Unlock()
		close(me.done)
	}, nil, 0
}
