package outbox_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/idemlint/idemlint/idem/internal/kafkatest"
	"github.com/idemlint/idemlint/idem/internal/pgtest"
	"github.com/idemlint/idemlint/idem/outbox"
	"github.com/idemlint/idemlint/idem/outbox/franz"
	"github.com/idemlint/idemlint/idem/outbox/kafkago"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/segmentio/kafka-go"
	"github.com/twmb/franz-go/pkg/kgo"
)

func TestMain(m *testing.M) { os.Exit(pgtest.Main(m)) }

const topic = "charges"

// counting counts Publish calls and can block or fail them.
type counting struct {
	next  outbox.Publisher
	calls atomic.Int64
	msgs  atomic.Int64
	gate  func(ctx context.Context) error // called before publishing
}

func (c *counting) Publish(ctx context.Context, msgs []outbox.Message) error {
	c.calls.Add(1)
	if c.gate != nil {
		if err := c.gate(ctx); err != nil {
			return err
		}
	}
	if err := c.next.Publish(ctx, msgs); err != nil {
		return err
	}
	c.msgs.Add(int64(len(msgs)))
	return nil
}

// publishers makes each real publisher for a cluster.
var publishers = map[string]func(t *testing.T, addrs []string) outbox.Publisher{
	"kafka-go": func(t *testing.T, addrs []string) outbox.Publisher {
		w := &kafka.Writer{Addr: kafka.TCP(addrs...), RequiredAcks: kafka.RequireAll,
			BatchTimeout: 5 * time.Millisecond, BatchSize: 1000, Balancer: &kafka.Hash{}}
		t.Cleanup(func() { _ = w.Close() })
		p, err := kafkago.New(w)
		if err != nil {
			t.Fatal(err)
		}
		return p
	},
	"franz-go": func(t *testing.T, addrs []string) outbox.Publisher {
		cl, err := kgo.NewClient(kgo.SeedBrokers(addrs...))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(cl.Close)
		p, err := franz.New(cl)
		if err != nil {
			t.Fatal(err)
		}
		return p
	},
}

type env struct {
	pool  *pgxpool.Pool
	addrs []string
	pub   *counting
}

func setup(t *testing.T, pubName string) *env {
	t.Helper()
	pool := pgtest.NewDB(t, outbox.Schema)
	_, addrs := kafkatest.NewCluster(t, topic)
	return &env{pool: pool, addrs: addrs, pub: &counting{next: publishers[pubName](t, addrs)}}
}

// enqueue commits events from..to-1 in one transaction each batch of ten.
func (e *env) enqueue(t *testing.T, from, to int) {
	t.Helper()
	ctx := context.Background()
	for i := from; i < to; {
		tx, err := e.pool.Begin(ctx)
		if err != nil {
			t.Fatal(err)
		}
		for j := 0; j < 10 && i < to; j++ {
			ev := outbox.Event{ID: fmt.Sprintf("ev-%04d", i), Topic: topic,
				Key: []byte("order"), Value: []byte(fmt.Sprint(i)), Headers: map[string]string{"type": "ChargeRequested"}}
			if err := outbox.Enqueue(ctx, tx, ev); err != nil {
				t.Fatal(err)
			}
			i++
		}
		if err := tx.Commit(ctx); err != nil {
			t.Fatal(err)
		}
	}
}

func (e *env) relay(twoPhase bool) *outbox.Relay {
	return &outbox.Relay{DB: e.pool, Publisher: e.pub, BatchSize: 40, TwoPhase: twoPhase,
		BatchTimeout: 5 * time.Second, StuckAfter: time.Minute, PollInterval: 20 * time.Millisecond}
}

// drain runs batches until one publishes nothing.
func drain(t *testing.T, r *outbox.Relay) {
	t.Helper()
	for range 100 {
		n, err := r.RunOnce(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if n == 0 {
			return
		}
	}
	t.Fatal("relay never drained the outbox")
}

func (e *env) status(t *testing.T) map[string]int {
	t.Helper()
	rows, err := e.pool.Query(context.Background(), `SELECT status, count(*) FROM outbox_event GROUP BY status`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	m := map[string]int{}
	for rows.Next() {
		var s string
		var n int
		if err := rows.Scan(&s, &n); err != nil {
			t.Fatal(err)
		}
		m[s] = n
	}
	return m
}

// published returns how often each event ID reached the topic, checking
// that every record carries its headers.
func (e *env) published(t *testing.T) map[string]int {
	t.Helper()
	got := map[string]int{}
	for _, r := range kafkatest.ReadAll(t, e.addrs, topic) {
		id := kafkatest.Header(r, outbox.HeaderEventID)
		if id == "" || kafkatest.Header(r, "type") != "ChargeRequested" || string(r.Key) != "order" {
			t.Fatalf("record without its headers or key: %+v", r)
		}
		if want := "ev-" + fmt.Sprintf("%04s", string(r.Value)); id != want {
			t.Fatalf("record %s carries value %q", id, r.Value)
		}
		got[id]++
	}
	return got
}

// checkAll asserts that events 0..n-1 reached Kafka, each at least once and
// at most maxTimes, nothing else did, and all rows are PUBLISHED.
func (e *env) checkAll(t *testing.T, n, maxTimes int) map[string]int {
	t.Helper()
	got := e.published(t)
	for i := range n {
		id := fmt.Sprintf("ev-%04d", i)
		if got[id] < 1 {
			t.Errorf("%s lost", id)
		}
		if got[id] > maxTimes {
			t.Errorf("%s published %d times", id, got[id])
		}
	}
	if len(got) != n {
		t.Errorf("%d distinct events published, want %d", len(got), n)
	}
	if st := e.status(t); st["PUBLISHED"] != n || len(st) != 1 {
		t.Errorf("outbox statuses %v, want all %d PUBLISHED", st, n)
	}
	return got
}

func forEach(t *testing.T, f func(t *testing.T, pub string, twoPhase bool)) {
	for _, pub := range []string{"kafka-go", "franz-go"} {
		for _, twoPhase := range []bool{false, true} {
			name := pub + "/tx"
			if twoPhase {
				name = pub + "/two-phase"
			}
			t.Run(name, func(t *testing.T) {
				t.Parallel()
				f(t, pub, twoPhase)
			})
		}
	}
}

func TestRelayPublishesCommittedEventsOnce(t *testing.T) {
	forEach(t, func(t *testing.T, pub string, twoPhase bool) {
		e := setup(t, pub)
		e.enqueue(t, 0, 100)
		// A rolled-back transaction's event is never published.
		ctx := context.Background()
		tx, err := e.pool.Begin(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if err := outbox.Enqueue(ctx, tx, outbox.Event{ID: "rolled-back", Topic: topic, Value: []byte("x")}); err != nil {
			t.Fatal(err)
		}
		_ = tx.Rollback(ctx)
		drain(t, e.relay(twoPhase))
		e.checkAll(t, 100, 1)
		// One Publish (one WriteMessages / ProduceSync) per batch of 40.
		if c := e.pub.calls.Load(); c != 3 {
			t.Errorf("%d Publish calls for 100 events in batches of 40, want 3", c)
		}
	})
}

// TestRelayCutAtEveryStep kills the first batch after each step and checks
// that a restarted relay loses nothing and repeats only what the broker may
// already have (a cut after the publish).
func TestRelayCutAtEveryStep(t *testing.T) {
	forEach(t, func(t *testing.T, pub string, twoPhase bool) {
		steps := []string{outbox.StepLocked, outbox.StepPublished}
		if !twoPhase {
			steps = append(steps, outbox.StepMarked)
		}
		for _, step := range steps {
			t.Run(step, func(t *testing.T) {
				e := setup(t, pub)
				e.enqueue(t, 0, 60)
				r := e.relay(twoPhase)
				crash := errors.New("killed")
				outbox.SetHook(r, func(s string) error {
					if s == step {
						return crash
					}
					return nil
				})
				if _, err := r.RunOnce(context.Background()); !errors.Is(err, crash) {
					t.Fatalf("cut batch: %v", err)
				}
				restarted := e.relay(twoPhase)
				if twoPhase {
					// The dead relay's rows stay PUBLISHING: a new relay leaves
					// them alone until they are older than StuckAfter.
					drain(t, restarted)
					if st := e.status(t); st["PUBLISHING"] != 40 {
						t.Fatalf("statuses after restart %v, want 40 PUBLISHING", st)
					}
					if n, err := restarted.ResetStuck(context.Background()); err != nil || n != 0 {
						t.Fatalf("ResetStuck reset %d fresh rows (%v)", n, err)
					}
					if _, err := e.pool.Exec(context.Background(),
						`UPDATE outbox_event SET locked_at = locked_at - interval '2 minutes' WHERE status = 'PUBLISHING'`); err != nil {
						t.Fatal(err)
					}
					if n, err := restarted.ResetStuck(context.Background()); err != nil || n != 40 {
						t.Fatalf("ResetStuck = %d, %v; want 40", n, err)
					}
				}
				drain(t, restarted)
				maxTimes := 1
				if step != outbox.StepLocked {
					maxTimes = 2 // sent, not marked: at least once
				}
				got := e.checkAll(t, 60, maxTimes)
				dups := 0
				for _, n := range got {
					dups += n - 1
				}
				if wantDups := map[bool]int{true: 40, false: 0}[maxTimes == 2]; dups != wantDups {
					t.Errorf("%d duplicates, want %d (the cut batch)", dups, wantDups)
				}
			})
		}
	})
}

// TestRelayShutdownMidBatch cancels Run's context while a batch is being
// published: the batch completes and is marked, and no new batch starts.
func TestRelayShutdownMidBatch(t *testing.T) {
	forEach(t, func(t *testing.T, pub string, twoPhase bool) {
		e := setup(t, pub)
		e.enqueue(t, 0, 40)
		started := make(chan struct{})
		release := make(chan struct{})
		var once sync.Once
		e.pub.gate = func(ctx context.Context) error {
			once.Do(func() { close(started) })
			<-release
			return ctx.Err() // the batch's context must still be live
		}
		ctx, stop := context.WithCancel(context.Background())
		done := make(chan error, 1)
		r := e.relay(twoPhase)
		go func() { done <- r.Run(ctx) }()
		<-started
		e.enqueue(t, 40, 50) // must wait for the next run
		stop()               // SIGTERM
		time.Sleep(20 * time.Millisecond)
		close(release)
		select {
		case err := <-done:
			if err != nil {
				t.Fatal(err)
			}
		case <-time.After(10 * time.Second):
			t.Fatal("Run did not return after the batch")
		}
		if c := e.pub.calls.Load(); c != 1 {
			t.Fatalf("%d batches; Run started a batch after the shutdown", c)
		}
		if st := e.status(t); st["PUBLISHED"] != 40 || st["PENDING"] != 10 {
			t.Fatalf("statuses %v, want 40 PUBLISHED and 10 PENDING", st)
		}
		e.pub.gate = nil
		drain(t, e.relay(twoPhase))
		e.checkAll(t, 50, 1)
	})
}

// TestRelayBatchTimeout: a broker that never answers fails the batch after
// BatchTimeout even though the caller's context lives on; the rows are
// published by a later batch.
func TestRelayBatchTimeout(t *testing.T) {
	forEach(t, func(t *testing.T, pub string, twoPhase bool) {
		e := setup(t, pub)
		e.enqueue(t, 0, 10)
		e.pub.gate = func(ctx context.Context) error { <-ctx.Done(); return ctx.Err() }
		r := e.relay(twoPhase)
		r.BatchTimeout = 200 * time.Millisecond
		r.StuckAfter = time.Second
		start := time.Now()
		_, err := r.RunOnce(context.Background())
		if !errors.Is(err, context.DeadlineExceeded) {
			t.Fatalf("hung publish: %v", err)
		}
		if d := time.Since(start); d > 3*time.Second {
			t.Fatalf("batch took %v with a 200ms timeout", d)
		}
		// The rest runs at the usual limits: a 200ms batch would fail on a
		// loaded machine.
		e.pub.gate = nil
		r.BatchTimeout, r.StuckAfter = 5*time.Second, time.Minute
		if twoPhase {
			if _, err := e.pool.Exec(context.Background(),
				`UPDATE outbox_event SET locked_at = locked_at - interval '2 minutes'`); err != nil {
				t.Fatal(err)
			}
			if _, err := r.ResetStuck(context.Background()); err != nil {
				t.Fatal(err)
			}
		}
		drain(t, e.relay(twoPhase)) // the broker answers again
		e.checkAll(t, 10, 1)
	})
}

// TestRelaysShareTheTable runs three relays on one table at once: SKIP
// LOCKED hands each row to one of them.
func TestRelaysShareTheTable(t *testing.T) {
	forEach(t, func(t *testing.T, pub string, twoPhase bool) {
		e := setup(t, pub)
		e.enqueue(t, 0, 300)
		var wg sync.WaitGroup
		errs := make(chan error, 3)
		for range 3 {
			r := e.relay(twoPhase)
			r.BatchSize = 10
			wg.Go(func() {
				for {
					n, err := r.RunOnce(context.Background())
					if err != nil || n == 0 {
						errs <- err
						return
					}
				}
			})
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			if err != nil {
				t.Fatal(err)
			}
		}
		drain(t, e.relay(twoPhase))
		e.checkAll(t, 300, 1)
	})
}

func TestEnqueueRefuses(t *testing.T) {
	pool := pgtest.NewDB(t, outbox.Schema)
	ctx := context.Background()
	tx, err := pool.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback(ctx)
	if err := outbox.Enqueue(ctx, tx, outbox.Event{Topic: topic}); err == nil {
		t.Error("Enqueue accepted an event without an ID")
	}
	if err := outbox.Enqueue(ctx, tx, outbox.Event{ID: "a", Topic: topic}); err != nil {
		t.Fatal(err)
	}
	if err := outbox.Enqueue(ctx, tx, outbox.Event{ID: "a", Topic: topic}); err == nil {
		t.Error("Enqueue accepted a second event with the same ID")
	}
}

func TestRelayConfig(t *testing.T) {
	r := &outbox.Relay{DB: nil}
	if _, err := r.RunOnce(context.Background()); err == nil {
		t.Error("RunOnce without DB and Publisher")
	}
	pool := pgtest.NewDB(t, outbox.Schema)
	r = &outbox.Relay{DB: pool, Publisher: outbox.PublisherFunc(func(context.Context, []outbox.Message) error { return nil }),
		TwoPhase: true, BatchTimeout: time.Minute, StuckAfter: time.Second}
	if err := r.Run(context.Background()); err == nil {
		t.Error("Run accepted StuckAfter shorter than BatchTimeout")
	}
}

func TestKafkaGoRefusesLossyWriters(t *testing.T) {
	for name, w := range map[string]*kafka.Writer{
		"nil":         nil,
		"async":       {Async: true, RequiredAcks: kafka.RequireAll},
		"zero acks":   {},
		"fixed topic": {Topic: "t", RequiredAcks: kafka.RequireAll, Balancer: &kafka.Hash{}},
		// One key on several partitions loses its order.
		"default balancer": {RequiredAcks: kafka.RequireAll},
		"round robin":      {RequiredAcks: kafka.RequireAll, Balancer: &kafka.RoundRobin{}},
		"least bytes":      {RequiredAcks: kafka.RequireAll, Balancer: &kafka.LeastBytes{}},
	} {
		if _, err := kafkago.New(w); err == nil {
			t.Errorf("%s writer accepted", name)
		}
	}
	if _, err := kafkago.New(&kafka.Writer{RequiredAcks: kafka.RequireOne, Balancer: &kafka.Hash{}}); err != nil {
		t.Errorf("RequireOne writer refused: %v", err)
	}
}
