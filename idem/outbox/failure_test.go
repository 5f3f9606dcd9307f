package outbox_test

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/idemlint/idemlint/idem/internal/kafkatest"
	"github.com/idemlint/idemlint/idem/outbox"
	"github.com/idemlint/idemlint/idem/outbox/franz"
	"github.com/twmb/franz-go/pkg/kgo"
)

// order returns the values of the records of key "order", in topic order.
func (e *env) order(t *testing.T) []int {
	t.Helper()
	var got []int
	for _, r := range kafkatest.ReadAll(t, e.addrs, topic) {
		if string(r.Key) == "order" {
			n, err := strconv.Atoi(string(r.Value))
			if err != nil {
				t.Fatalf("record value %q", r.Value)
			}
			got = append(got, n)
		}
	}
	return got
}

func ascending(vals []int, n int) bool {
	if len(vals) != n {
		return false
	}
	for i, v := range vals {
		if v != i {
			return false
		}
	}
	return true
}

// runUntil runs batches (errors included) until cond holds.
func runUntil(t *testing.T, r *outbox.Relay, cond func() bool) {
	t.Helper()
	for range 500 {
		if cond() {
			return
		}
		if n, _ := r.RunOnce(context.Background()); n == 0 {
			time.Sleep(5 * time.Millisecond)
		}
	}
	t.Fatal("the relay did not get there")
}

// TestPoisonRowDoesNotBlock: an event the broker can never take (larger
// than the client's limit) among 100 good ones is tried MaxAttempts times
// with backoff and becomes FAILED; the good ones are published once, in
// order; a fixed row is published after RetryFailed.
func TestPoisonRowDoesNotBlock(t *testing.T) {
	forEach(t, func(t *testing.T, pub string, twoPhase bool) {
		e := setup(t, pub)
		e.enqueue(t, 0, 50)
		ctx := context.Background()
		tx, err := e.pool.Begin(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if err := outbox.Enqueue(ctx, tx, outbox.Event{ID: "poison", Topic: topic, Key: []byte("other"),
			Value: make([]byte, 2<<20)}); err != nil {
			t.Fatal(err)
		}
		if err := tx.Commit(ctx); err != nil {
			t.Fatal(err)
		}
		e.enqueue(t, 50, 100)
		var mu sync.Mutex
		var failures []outbox.Failure
		r := e.relay(twoPhase)
		r.MaxAttempts, r.RetryBackoff = 3, time.Millisecond
		r.OnFailure = func(_ context.Context, f outbox.Failure) {
			mu.Lock()
			failures = append(failures, f)
			mu.Unlock()
		}
		runUntil(t, r, func() bool { st := e.status(t); return st["PUBLISHED"] == 100 && st["FAILED"] == 1 })
		var attempts int
		var lastErr string
		if err := e.pool.QueryRow(ctx, `SELECT attempts, last_error FROM outbox_event WHERE event_id = 'poison'`).Scan(&attempts, &lastErr); err != nil {
			t.Fatal(err)
		}
		if attempts != 3 || lastErr == "" {
			t.Errorf("poison row: %d attempts, last error %q", attempts, lastErr)
		}
		mu.Lock()
		if len(failures) != 3 || !failures[2].Failed || failures[2].Message.EventID != "poison" || failures[2].Attempts != 3 {
			t.Errorf("OnFailure saw %+v", failures)
		}
		mu.Unlock()
		if got := e.order(t); !ascending(got, 100) {
			t.Errorf("good events published as %v", got)
		}
		// The replay path: fix the row, retry it.
		if _, err := e.pool.Exec(ctx, `UPDATE outbox_event SET payload = '\x00'::bytea WHERE event_id = 'poison'`); err != nil {
			t.Fatal(err)
		}
		if n, err := outbox.RetryFailed(ctx, e.pool, "poison"); err != nil || n != 1 {
			t.Fatalf("RetryFailed = %d, %v", n, err)
		}
		drain(t, r)
		if st := e.status(t); st["PUBLISHED"] != 101 {
			t.Fatalf("after the fix: %v", st)
		}
	})
}

// TestTransientErrorKeepsKeyOrder: a batch that fails for a passing reason
// is published again before the later events of its key.
func TestTransientErrorKeepsKeyOrder(t *testing.T) {
	forEach(t, func(t *testing.T, pub string, twoPhase bool) {
		e := setup(t, pub)
		e.enqueue(t, 0, 10)
		e.pub.gate = func(context.Context) error {
			if e.pub.calls.Load() == 1 {
				return errors.New("broker unreachable")
			}
			return nil
		}
		r := e.relay(twoPhase)
		if _, err := r.RunOnce(context.Background()); err == nil {
			t.Fatal("the failing batch reported no error")
		}
		e.enqueue(t, 10, 20)
		drain(t, r)
		// Rows a dead relay would leave PUBLISHING come back after StuckAfter.
		if _, err := e.pool.Exec(context.Background(),
			`UPDATE outbox_event SET locked_at = locked_at - interval '2 minutes' WHERE status = 'PUBLISHING'`); err != nil {
			t.Fatal(err)
		}
		if _, err := r.ResetStuck(context.Background()); err != nil {
			t.Fatal(err)
		}
		drain(t, r)
		if got := e.order(t); !ascending(got, 20) {
			t.Fatalf("key order after a passing error: %v", got)
		}
		var attempts int
		if err := e.pool.QueryRow(context.Background(), `SELECT coalesce(sum(attempts), 0) FROM outbox_event`).Scan(&attempts); err != nil || attempts != 0 {
			t.Fatalf("a passing error counted %d attempts (%v)", attempts, err)
		}
	})
}

// TestStalledLeaseCannotPublish: a two-phase relay that stalls after taking
// its batch, past StuckAfter, finds its lease gone and publishes nothing;
// the relay that took the rows over publishes each event once.
func TestStalledLeaseCannotPublish(t *testing.T) {
	for _, pub := range []string{"kafka-go", "franz-go"} {
		t.Run(pub, func(t *testing.T) {
			t.Parallel()
			e := setup(t, pub)
			e.enqueue(t, 0, 60)
			stalled, resume := make(chan struct{}), make(chan struct{})
			slow := e.relay(true)
			outbox.SetHook(slow, func(step string) error {
				if step == outbox.StepLocked {
					close(stalled)
					<-resume // a GC pause, SIGSTOP, a swapped-out process
				}
				return nil
			})
			done := make(chan error, 1)
			go func() { _, err := slow.RunOnce(context.Background()); done <- err }()
			<-stalled
			if _, err := e.pool.Exec(context.Background(),
				`UPDATE outbox_event SET locked_at = locked_at - interval '2 minutes' WHERE status = 'PUBLISHING'`); err != nil {
				t.Fatal(err)
			}
			other := e.relay(true)
			if n, err := other.ResetStuck(context.Background()); err != nil || n != 40 {
				t.Fatalf("ResetStuck = %d, %v", n, err)
			}
			drain(t, other)
			calls := e.pub.calls.Load()
			close(resume)
			if err := <-done; err == nil {
				t.Fatal("the stalled relay's batch succeeded")
			}
			if c := e.pub.calls.Load(); c != calls {
				t.Fatal("the stalled relay published after losing its lease")
			}
			e.checkAll(t, 60, 1)
		})
	}
}

func TestFranzRefusesNoAck(t *testing.T) {
	if _, err := franz.New(nil); err == nil {
		t.Error("nil client accepted")
	}
	cl, err := kgo.NewClient(kgo.SeedBrokers("127.0.0.1:1"), kgo.RequiredAcks(kgo.NoAck()), kgo.DisableIdempotentWrite())
	if err != nil {
		t.Fatal(err)
	}
	defer cl.Close()
	if _, err := franz.New(cl); err == nil {
		t.Error("NoAck client accepted")
	}
	ok, err := kgo.NewClient(kgo.SeedBrokers("127.0.0.1:1"))
	if err != nil {
		t.Fatal(err)
	}
	defer ok.Close()
	if _, err := franz.New(ok); err != nil {
		t.Error(fmt.Errorf("default client refused: %w", err))
	}
}
