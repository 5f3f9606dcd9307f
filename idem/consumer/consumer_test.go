package consumer_test

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/idemlint/idemlint/idem/consumer"
	"github.com/idemlint/idemlint/idem/dedup"
	"github.com/idemlint/idemlint/idem/internal/kafkatest"
	"github.com/idemlint/idemlint/idem/internal/pgtest"
	"github.com/idemlint/idemlint/idem/key"
	"github.com/idemlint/idemlint/idem/outbox"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/segmentio/kafka-go"
	"github.com/twmb/franz-go/pkg/kgo"
)

func TestMain(m *testing.M) { os.Exit(pgtest.Main(m)) }

const (
	topic = "orders"
	group = "billing"
)

// events is what the topic holds: ev-2 and ev-5 twice, as a relay that was
// cut between publish and mark sends them.
var events = []string{"ev-0", "ev-1", "ev-2", "ev-3", "ev-2", "ev-4", "ev-5", "ev-6", "ev-5", "ev-7"}

const distinct = 8

type env struct {
	pool  *pgxpool.Pool
	addrs []string
}

func setup(t *testing.T) *env {
	t.Helper()
	t.Parallel()
	pool := pgtest.NewDB(t, dedup.Schema, outbox.Schema,
		`CREATE TABLE charge (event_id text NOT NULL, kafka_offset bigint NOT NULL)`)
	_, addrs := kafkatest.NewCluster(t, topic)
	cl, err := kgo.NewClient(kgo.SeedBrokers(addrs...))
	if err != nil {
		t.Fatal(err)
	}
	defer cl.Close()
	var recs []*kgo.Record
	for _, ev := range events {
		recs = append(recs, &kgo.Record{Topic: topic, Value: []byte(ev),
			Headers: []kgo.RecordHeader{{Key: consumer.HeaderEventID, Value: []byte(ev)}}})
	}
	if err := cl.ProduceSync(context.Background(), recs...).FirstErr(); err != nil {
		t.Fatal(err)
	}
	return &env{pool: pool, addrs: addrs}
}

// handle is the service's handler: a row in its own table and an outbox
// event keyed by the incoming event.
func handle(ctx context.Context, tx pgx.Tx, msg kafka.Message) error {
	ev := string(msg.Value)
	if _, err := tx.Exec(ctx, `INSERT INTO charge (event_id, kafka_offset) VALUES ($1, $2)`, ev, msg.Offset); err != nil {
		return err
	}
	return outbox.Enqueue(ctx, tx, outbox.Event{ID: key.For(ev, "charge"), Topic: "charges", Value: msg.Value})
}

// newConsumer is a fresh process: a new Reader in the group, which starts
// from the group's committed offset.
func (e *env) newConsumer(t *testing.T, h consumer.Handler) *consumer.Consumer {
	t.Helper()
	r := kafka.NewReader(kafka.ReaderConfig{
		Brokers: e.addrs, GroupID: group, Topic: topic,
		StartOffset: kafka.FirstOffset, CommitInterval: 0,
		MaxWait: 50 * time.Millisecond, ReadBackoffMin: 10 * time.Millisecond, ReadBackoffMax: 50 * time.Millisecond,
		HeartbeatInterval: 100 * time.Millisecond, SessionTimeout: time.Second,
		RebalanceTimeout: time.Second, JoinGroupBackoff: 50 * time.Millisecond,
	})
	t.Cleanup(func() { _ = r.Close() })
	return &consumer.Consumer{Reader: r, DB: e.pool, ConsumerID: group, Handler: h,
		RetryBackoff: 10 * time.Millisecond, HandleTimeout: 5 * time.Second,
		Logger: slog.New(slog.DiscardHandler)}
}

// committed is the group's committed offset of partition 0.
func (e *env) committed(t *testing.T) int64 {
	t.Helper()
	return e.committedAt(t, 0)
}

// committedAt is the group's committed offset of a partition.
func (e *env) committedAt(t *testing.T, partition int) int64 {
	t.Helper()
	cl := &kafka.Client{Addr: kafka.TCP(e.addrs...)}
	resp, err := cl.OffsetFetch(context.Background(), &kafka.OffsetFetchRequest{
		GroupID: group, Topics: map[string][]int{topic: {partition}}})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range resp.Topics[topic] {
		if p.Partition == partition {
			return p.CommittedOffset
		}
	}
	return -1
}

// runUntilDone runs c until every offset is committed, then stops it as a
// SIGTERM would; it returns Run's error.
func (e *env) runUntilDone(t *testing.T, c *consumer.Consumer) error {
	t.Helper()
	return e.runUntil(t, c, func() bool { return e.committed(t) == int64(len(events)) })
}

// runUntil runs c until done holds, then stops it as a SIGTERM would; it
// returns Run's error.
func (e *env) runUntil(t *testing.T, c *consumer.Consumer, done func() bool) error {
	t.Helper()
	ctx, stop := context.WithCancel(context.Background())
	defer stop()
	ran := make(chan error, 1)
	go func() { ran <- c.Run(ctx) }()
	deadline := time.After(30 * time.Second)
	for {
		select {
		case err := <-ran:
			return err
		case <-deadline:
			t.Fatalf("consumer did not finish: committed offset %d of %d", e.committed(t), len(events))
		case <-time.After(20 * time.Millisecond):
		}
		if done() {
			stop()
			return <-ran
		}
	}
}

func (e *env) count(t *testing.T, q string, args ...any) int {
	t.Helper()
	var n int
	if err := e.pool.QueryRow(context.Background(), q, args...).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// checkOnce asserts that every event had its effect exactly once, except
// those in skip, which had none.
func (e *env) checkOnce(t *testing.T, skip ...string) {
	t.Helper()
	skipped := map[string]bool{}
	for _, s := range skip {
		skipped[s] = true
	}
	for i := range distinct {
		ev := fmt.Sprintf("ev-%d", i)
		want := 1
		if skipped[ev] {
			want = 0
		}
		if n := e.count(t, `SELECT count(*) FROM charge WHERE event_id = $1`, ev); n != want {
			t.Errorf("%s charged %d times, want %d", ev, n, want)
		}
		if n := e.count(t, `SELECT count(*) FROM outbox_event WHERE event_id = $1`, key.For(ev, "charge")); n != want {
			t.Errorf("%s enqueued %d times, want %d", ev, n, want)
		}
	}
	if n := e.count(t, `SELECT count(*) FROM processed_event`); n != distinct {
		t.Errorf("%d claims, want %d", n, distinct)
	}
	if off := e.committed(t); off != int64(len(events)) {
		t.Errorf("committed offset %d, want %d", off, len(events))
	}
}

func TestConsumerHandlesEachEventOnce(t *testing.T) {
	e := setup(t)
	var calls atomic.Int64
	c := e.newConsumer(t, func(ctx context.Context, tx pgx.Tx, msg kafka.Message) error {
		calls.Add(1)
		return handle(ctx, tx, msg)
	})
	if err := e.runUntilDone(t, c); err != nil {
		t.Fatal(err)
	}
	e.checkOnce(t)
	if n := calls.Load(); n != distinct {
		t.Errorf("handler ran %d times, want %d (duplicates are skipped before it)", n, distinct)
	}
}

// TestConsumerCutAtEveryStep kills the consumer after each step of one
// message (ev-3, offset 3: fetched, claimed, handled, transaction committed,
// offset committed) and starts a new one: nothing is lost, nothing happens
// twice.
func TestConsumerCutAtEveryStep(t *testing.T) {
	t.Parallel()
	for _, cut := range consumer.Cuts {
		t.Run(fmt.Sprintf("%s-%d", cut.Step, cut.Offset), func(t *testing.T) {
			e := setup(t)
			first := e.newConsumer(t, handle)
			crash := errors.New("killed")
			consumer.SetHook(first, func(s string, msg kafka.Message) error {
				if s == cut.Step && msg.Offset == cut.Offset {
					return crash
				}
				return nil
			})
			if err := first.Run(context.Background()); !errors.Is(err, crash) {
				t.Fatalf("first run: %v", err)
			}
			_ = first.Reader.Close() // the process is gone
			if err := e.runUntilDone(t, e.newConsumer(t, handle)); err != nil {
				t.Fatal(err)
			}
			e.checkOnce(t)
		})
	}
}

// TestConsumerShutdownMidMessage cancels Run's context while the handler
// runs: the message's transaction and offset still commit, and no further
// message is fetched.
func TestConsumerShutdownMidMessage(t *testing.T) {
	e := setup(t)
	started := make(chan struct{})
	release := make(chan struct{})
	var once sync.Once
	c := e.newConsumer(t, func(ctx context.Context, tx pgx.Tx, msg kafka.Message) error {
		if msg.Offset == 3 {
			once.Do(func() { close(started) })
			<-release
			if err := ctx.Err(); err != nil {
				return fmt.Errorf("the handler's context was cancelled by the shutdown: %w", err)
			}
		}
		return handle(ctx, tx, msg)
	})
	ctx, stop := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- c.Run(ctx) }()
	<-started
	stop() // SIGTERM
	time.Sleep(20 * time.Millisecond)
	close(release)
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if off := e.committed(t); off != 4 {
		t.Fatalf("committed offset %d after the shutdown, want 4 (the message in hand finished)", off)
	}
	if n := e.count(t, `SELECT count(*) FROM charge`); n != 4 {
		t.Fatalf("%d effects after the shutdown, want 4", n)
	}
	_ = c.Reader.Close()
	if err := e.runUntilDone(t, e.newConsumer(t, handle)); err != nil {
		t.Fatal(err)
	}
	e.checkOnce(t)
}

// TestConsumerRetriesFailedHandler: a handler that fails after writing is
// rolled back and retried on the same message; later messages wait.
func TestConsumerRetriesFailedHandler(t *testing.T) {
	e := setup(t)
	var failures atomic.Int64
	c := e.newConsumer(t, func(ctx context.Context, tx pgx.Tx, msg kafka.Message) error {
		if err := handle(ctx, tx, msg); err != nil {
			return err
		}
		if string(msg.Value) == "ev-4" && failures.Add(1) <= 2 {
			return errors.New("provider unavailable")
		}
		return nil
	})
	if err := e.runUntilDone(t, c); err != nil {
		t.Fatal(err)
	}
	e.checkOnce(t)
	if n := failures.Load(); n != 3 {
		t.Errorf("ev-4 handled %d times, want 3 (two failures, one success)", n)
	}
	// Order kept: ev-4's effect comes after ev-3's and before ev-5's.
	var order []string
	rows, err := e.pool.Query(context.Background(), `SELECT event_id FROM charge ORDER BY kafka_offset`)
	if err != nil {
		t.Fatal(err)
	}
	order, err = pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(order) != "[ev-0 ev-1 ev-2 ev-3 ev-4 ev-5 ev-6 ev-7]" {
		t.Errorf("effects in order %v", order)
	}
}

// TestConsumerShutdownWhileRetrying: a message that keeps failing is not
// committed when the consumer stops; the next consumer gets it again.
func TestConsumerShutdownWhileRetrying(t *testing.T) {
	e := setup(t)
	c := e.newConsumer(t, func(ctx context.Context, tx pgx.Tx, msg kafka.Message) error {
		if string(msg.Value) == "ev-4" {
			return errors.New("provider unavailable")
		}
		return handle(ctx, tx, msg)
	})
	ctx, stop := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- c.Run(ctx) }()
	for e.count(t, `SELECT count(*) FROM charge`) < 4 {
		time.Sleep(10 * time.Millisecond)
	}
	time.Sleep(50 * time.Millisecond) // a few failed attempts
	stop()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if off := e.committed(t); off != 5 {
		t.Fatalf("committed offset %d, want 5: ev-4 (offset 5) must not be committed", off)
	}
	_ = c.Reader.Close()
	if err := e.runUntilDone(t, e.newConsumer(t, handle)); err != nil {
		t.Fatal(err)
	}
	e.checkOnce(t)
}

// TestConsumerDeadLetter: after MaxAttempts the message goes to the dead
// letter, claimed in the same transaction, and the consumer moves on.
func TestConsumerDeadLetter(t *testing.T) {
	e := setup(t)
	var attempts, letters atomic.Int64
	c := e.newConsumer(t, func(ctx context.Context, tx pgx.Tx, msg kafka.Message) error {
		if string(msg.Value) == "ev-6" {
			attempts.Add(1)
			return errors.New("poison")
		}
		return handle(ctx, tx, msg)
	})
	c.MaxAttempts = 3
	c.DeadLetter = func(ctx context.Context, tx pgx.Tx, msg kafka.Message, cause error) error {
		letters.Add(1)
		return outbox.Enqueue(ctx, tx, outbox.Event{ID: key.For(string(msg.Value), "dlq"), Topic: "orders.dlq",
			Value: msg.Value, Headers: map[string]string{"error": cause.Error()}})
	}
	if err := e.runUntilDone(t, c); err != nil {
		t.Fatal(err)
	}
	e.checkOnce(t, "ev-6")
	if a, l := attempts.Load(), letters.Load(); a != 3 || l != 1 {
		t.Errorf("%d attempts and %d dead letters, want 3 and 1", a, l)
	}
	if n := e.count(t, `SELECT count(*) FROM outbox_event WHERE topic = 'orders.dlq' AND headers->>'error' = 'poison'`); n != 1 {
		t.Errorf("%d dead-letter rows", n)
	}
}

func TestDefaultEventID(t *testing.T) {
	withHeader := kafka.Message{Topic: "t", Partition: 1, Offset: 7,
		Headers: []kafka.Header{{Key: consumer.HeaderEventID, Value: []byte("ev-9")}}}
	if got := consumer.DefaultEventID(withHeader); got != "ev-9" {
		t.Errorf("with header: %q", got)
	}
	withHeader.Headers = nil
	if got := consumer.DefaultEventID(withHeader); got != "t:1:7" {
		t.Errorf("without header: %q", got)
	}
}

func TestConsumerConfig(t *testing.T) {
	if err := (&consumer.Consumer{}).Run(context.Background()); err == nil {
		t.Error("Run of an empty Consumer")
	}
	// Without a GroupID the offset cannot be committed after the work.
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"127.0.0.1:1"}, Topic: topic})
	defer r.Close()
	c := &consumer.Consumer{Reader: r, DB: &pgxpool.Pool{}, ConsumerID: group, Handler: handle}
	if err := c.Run(context.Background()); err == nil || !strings.Contains(err.Error(), "GroupID") {
		t.Errorf("Run with a reader without GroupID: %v", err)
	}
}
