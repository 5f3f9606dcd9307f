package consumer_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/idemlint/idemlint/idem/consumer"
	"github.com/idemlint/idemlint/idem/dedup"
	"github.com/idemlint/idemlint/idem/internal/kafkatest"
	"github.com/idemlint/idemlint/idem/internal/pgtest"
	"github.com/idemlint/idemlint/idem/key"
	"github.com/idemlint/idemlint/idem/outbox"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/segmentio/kafka-go"
	"github.com/twmb/franz-go/pkg/kgo"
)

// letters records dead letters.
type letters struct {
	mu     sync.Mutex
	causes map[string]error
}

func (l *letters) handle(ctx context.Context, tx pgx.Tx, msg kafka.Message, cause error) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.causes == nil {
		l.causes = map[string]error{}
	}
	l.causes[string(msg.Value)] = cause
	return outbox.Enqueue(ctx, tx, outbox.Event{ID: key.Hashed(string(msg.Value), "dlq"), Topic: "orders.dlq", Value: msg.Value})
}

func (l *letters) get() map[string]error {
	l.mu.Lock()
	defer l.mu.Unlock()
	out := map[string]error{}
	for k, v := range l.causes {
		out[k] = v
	}
	return out
}

// TestDeadLetterReplayedAfterFix: a dead-lettered event is recorded as dead
// (not processed), and after the handler is fixed, Release and a new
// delivery (the dead-letter copy published back) handle it once.
func TestDeadLetterReplayedAfterFix(t *testing.T) {
	e := setup(t)
	var broken atomic.Bool
	broken.Store(true)
	h := func(ctx context.Context, tx pgx.Tx, msg kafka.Message) error {
		if string(msg.Value) == "ev-6" && broken.Load() {
			return errors.New("poison: amount missing")
		}
		return handle(ctx, tx, msg)
	}
	var dl letters
	c := e.newConsumer(t, h)
	c.MaxAttempts, c.DeadLetter = 2, dl.handle
	if err := e.runUntilDone(t, c); err != nil {
		t.Fatal(err)
	}
	e.checkOnce(t, "ev-6")
	var state, cause string
	if err := e.pool.QueryRow(context.Background(), `SELECT state, cause FROM processed_event WHERE event_id = 'ev-6'`).Scan(&state, &cause); err != nil {
		t.Fatal(err)
	}
	if state != "dead" || !strings.Contains(cause, "amount missing") {
		t.Fatalf("ev-6 recorded as %s (%s), want dead with its cause", state, cause)
	}
	_ = c.Reader.Close()

	broken.Store(false) // the fix is deployed
	if n, err := dedup.Release(context.Background(), e.pool, group, "ev-6"); err != nil || n != 1 {
		t.Fatalf("Release = %d, %v", n, err)
	}
	republish(t, e.addrs, "ev-6")
	c = e.newConsumer(t, h)
	c.MaxAttempts, c.DeadLetter = 2, dl.handle
	if err := e.runUntil(t, c, func() bool { return e.committed(t) == int64(len(events)+1) }); err != nil {
		t.Fatal(err)
	}
	e.checkCharged(t, "ev-6", 1)
	if len(dl.get()) != 1 {
		t.Fatalf("dead letters %v", dl.get())
	}
}

func republish(t *testing.T, addrs []string, ev string) {
	t.Helper()
	cl, err := kgo.NewClient(kgo.SeedBrokers(addrs...))
	if err != nil {
		t.Fatal(err)
	}
	defer cl.Close()
	rec := &kgo.Record{Topic: topic, Value: []byte(ev), Headers: []kgo.RecordHeader{{Key: consumer.HeaderEventID, Value: []byte(ev)}}}
	if err := cl.ProduceSync(context.Background(), rec).FirstErr(); err != nil {
		t.Fatal(err)
	}
}

func (e *env) checkCharged(t *testing.T, ev string, want int) {
	t.Helper()
	if n := e.count(t, `SELECT count(*) FROM charge WHERE event_id = $1`, ev); n != want {
		t.Fatalf("%s charged %d times, want %d", ev, n, want)
	}
}

// flakyDB fails its first Begin calls, as a database failing over does.
type flakyDB struct {
	consumer.DB
	fails atomic.Int64
}

func (f *flakyDB) Begin(ctx context.Context) (pgx.Tx, error) {
	if f.fails.Add(-1) >= 0 {
		return nil, errors.New("dial unix /run/postgresql/.s.PGSQL.5432: connect: connection refused")
	}
	return f.DB.Begin(ctx)
}

// TestInfrastructureErrorsAreNotCounted: three failed Begins and a handler
// that hits serialization failures do not use up MaxAttempts: no healthy
// message reaches the dead letter.
func TestInfrastructureErrorsAreNotCounted(t *testing.T) {
	e := setup(t)
	var conflicts atomic.Int64
	c := e.newConsumer(t, func(ctx context.Context, tx pgx.Tx, msg kafka.Message) error {
		if string(msg.Value) == "ev-3" && conflicts.Add(1) <= 3 {
			return fmt.Errorf("update balance: %w", &pgconn.PgError{Code: "40001", Message: "could not serialize access"})
		}
		return handle(ctx, tx, msg)
	})
	db := &flakyDB{DB: c.DB}
	db.fails.Store(3)
	var dl letters
	c.DB, c.MaxAttempts, c.DeadLetter = db, 2, dl.handle
	if err := e.runUntilDone(t, c); err != nil {
		t.Fatal(err)
	}
	if got := dl.get(); len(got) != 0 {
		t.Fatalf("healthy messages dead-lettered: %v", got)
	}
	e.checkOnce(t)
}

// TestOneFailingPartition: on a two-partition topic, a message whose event
// ID can never be claimed (3000 bytes) goes to the dead letter with that
// cause, and both partitions' other messages are handled.
func TestOneFailingPartition(t *testing.T) {
	t.Parallel()
	pool := pgtest.NewDB(t, dedup.Schema, outbox.Schema,
		`CREATE TABLE charge (event_id text NOT NULL, kafka_offset bigint NOT NULL)`)
	_, addrs := kafkatest.NewPartitioned(t, 2, topic)
	e := &env{pool: pool, addrs: addrs}
	cl, err := kgo.NewClient(kgo.SeedBrokers(addrs...), kgo.RecordPartitioner(kgo.ManualPartitioner()))
	if err != nil {
		t.Fatal(err)
	}
	defer cl.Close()
	var recs []*kgo.Record
	for p := range int32(2) {
		for i := range 4 {
			ev := fmt.Sprintf("ev-p%d-%d", p, i)
			id := ev
			if p == 0 && i == 1 {
				id = strings.Repeat("x", 3000)
			}
			recs = append(recs, &kgo.Record{Topic: topic, Partition: p, Value: []byte(ev),
				Headers: []kgo.RecordHeader{{Key: consumer.HeaderEventID, Value: []byte(id)}}})
		}
	}
	if err := cl.ProduceSync(context.Background(), recs...).FirstErr(); err != nil {
		t.Fatal(err)
	}
	var dl letters
	c := e.newConsumer(t, handle)
	c.MaxAttempts, c.DeadLetter = 3, dl.handle
	if err := e.runUntil(t, c, func() bool { return e.committedAt(t, 0) == 4 && e.committedAt(t, 1) == 4 }); err != nil {
		t.Fatal(err)
	}
	for _, r := range recs {
		want := 1
		if string(r.Value) == "ev-p0-1" {
			want = 0
		}
		e.checkCharged(t, string(r.Value), want)
	}
	got := dl.get()
	if cause := got["ev-p0-1"]; len(got) != 1 || !errors.Is(cause, dedup.ErrBadEventID) {
		t.Fatalf("dead letters %v, want ev-p0-1 with an unusable-ID cause", got)
	}
	if n := e.count(t, `SELECT count(*) FROM processed_event WHERE state = 'dead' AND event_id LIKE 'unusable-event-id:%'`); n != 1 {
		t.Fatalf("%d dead claims for the unusable ID", n)
	}
}
