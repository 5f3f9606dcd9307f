package idem_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/idemlint/idemlint/idem/consumer"
	"github.com/idemlint/idemlint/idem/dedup"
	"github.com/idemlint/idemlint/idem/httpkey"
	"github.com/idemlint/idemlint/idem/internal/kafkatest"
	"github.com/idemlint/idemlint/idem/internal/pgtest"
	"github.com/idemlint/idemlint/idem/key"
	"github.com/idemlint/idemlint/idem/outbox"
	"github.com/idemlint/idemlint/idem/outbox/franz"
	"github.com/jackc/pgx/v5"
	"github.com/segmentio/kafka-go"
	"github.com/twmb/franz-go/pkg/kgo"
)

func TestMain(m *testing.M) { os.Exit(pgtest.Main(m)) }

// TestPipeline runs the correct forms end to end, repeating at every hop:
// a client retries its POST (httpkey), the relay loses the broker's
// acknowledgement and publishes a batch twice (outbox), the consumer gets
// every event twice (consumer, dedup). Each order is created once and
// charged once.
func TestPipeline(t *testing.T) {
	ctx := context.Background()
	pool := pgtest.NewDB(t, httpkey.Schema, outbox.Schema, dedup.Schema,
		`CREATE TABLE orders (id text PRIMARY KEY, amount int NOT NULL)`,
		`CREATE TABLE charge (order_id text NOT NULL)`)
	_, addrs := kafkatest.NewCluster(t, "orders", "charges")
	quiet := slog.New(slog.DiscardHandler)

	// Service A: POST /orders writes the order and its event in one transaction.
	mw, err := httpkey.New(httpkey.Config{DB: pool,
		Scope: func(r *http.Request) string { return r.Header.Get("X-Client") }})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(mw.Wrap(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		orderID := strings.TrimSpace(string(body))
		tx := httpkey.Tx(r.Context())
		if _, err := tx.Exec(r.Context(), `INSERT INTO orders (id, amount) VALUES ($1, 100)`, orderID); err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		if err := outbox.Enqueue(r.Context(), tx, outbox.Event{ID: key.For(orderID, "confirmed"), Topic: "orders",
			Key: []byte(orderID), Value: []byte(orderID)}); err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		w.WriteHeader(http.StatusCreated)
	})))
	defer srv.Close()

	const orders = 5
	var wg sync.WaitGroup
	for i := range orders {
		orderID := fmt.Sprintf("ord-%d", i)
		for range 3 { // the client's retries, at once
			wg.Go(func() {
				req, _ := http.NewRequest(http.MethodPost, srv.URL, strings.NewReader(orderID))
				req.Header.Set(httpkey.Header, key.For("client-1", "create-order", orderID))
				req.Header.Set("X-Client", "client-1")
				resp, err := http.DefaultClient.Do(req)
				if err != nil {
					t.Error(err)
					return
				}
				_ = resp.Body.Close()
				if resp.StatusCode != http.StatusCreated {
					t.Errorf("POST %s: %d", orderID, resp.StatusCode)
				}
			})
		}
	}
	wg.Wait()

	// The relay: the first batch reaches the broker but its acknowledgement
	// is lost, so the batch is rolled back and published again.
	cl, err := kgo.NewClient(kgo.SeedBrokers(addrs...))
	if err != nil {
		t.Fatal(err)
	}
	defer cl.Close()
	var lost atomic.Bool
	pub, err := franz.New(cl)
	if err != nil {
		t.Fatal(err)
	}
	relay := &outbox.Relay{DB: pool, Logger: quiet, BatchSize: 10,
		Publisher: outbox.PublisherFunc(func(ctx context.Context, msgs []outbox.Message) error {
			if err := pub.Publish(ctx, msgs); err != nil {
				return err
			}
			if !lost.Swap(true) {
				return errors.New("acknowledgement lost")
			}
			return nil
		})}
	for {
		n, err := relay.RunOnce(ctx)
		if err != nil && !lost.Load() {
			t.Fatal(err)
		}
		if err == nil && n == 0 {
			break
		}
	}
	if got := len(kafkatest.ReadAll(t, addrs, "orders")); got != 2*orders {
		t.Fatalf("%d records on orders, want %d (every event twice)", got, 2*orders)
	}

	// Service B: charge each order once.
	reader := kafka.NewReader(kafka.ReaderConfig{Brokers: addrs, GroupID: "billing", Topic: "orders",
		StartOffset: kafka.FirstOffset, MaxWait: 50 * time.Millisecond,
		HeartbeatInterval: 100 * time.Millisecond, JoinGroupBackoff: 50 * time.Millisecond})
	defer reader.Close()
	var handled atomic.Int64
	c := &consumer.Consumer{Reader: reader, DB: pool, ConsumerID: "billing", Logger: quiet,
		Handler: func(ctx context.Context, tx pgx.Tx, msg kafka.Message) error {
			if kafkatest.IsMarker(msg.Key) {
				return nil // the test's read marker
			}
			handled.Add(1)
			orderID := string(msg.Value)
			if _, err := tx.Exec(ctx, `INSERT INTO charge (order_id) VALUES ($1)`, orderID); err != nil {
				return err
			}
			return outbox.Enqueue(ctx, tx, outbox.Event{ID: key.For(orderID, "charge"), Topic: "charges", Value: msg.Value})
		}}
	runCtx, stop := context.WithCancel(ctx)
	done := make(chan error, 1)
	go func() { done <- c.Run(runCtx) }()
	deadline := time.Now().Add(20 * time.Second)
	admin := &kafka.Client{Addr: kafka.TCP(addrs...)}
	for {
		resp, err := admin.OffsetFetch(ctx, &kafka.OffsetFetchRequest{GroupID: "billing", Topics: map[string][]int{"orders": {0}}})
		if err != nil {
			t.Fatal(err)
		}
		if p := resp.Topics["orders"]; len(p) == 1 && p[0].CommittedOffset == 2*orders+1 { // and the marker
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("consumer stuck: %+v", resp.Topics)
		}
		time.Sleep(20 * time.Millisecond)
	}
	stop()
	if err := <-done; err != nil {
		t.Fatal(err)
	}

	count := func(q string) int {
		var n int
		if err := pool.QueryRow(ctx, q).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	if n := count(`SELECT count(*) FROM orders`); n != orders {
		t.Errorf("%d orders, want %d", n, orders)
	}
	if n := count(`SELECT count(DISTINCT order_id) FROM charge`); n != orders {
		t.Errorf("%d orders charged, want %d", n, orders)
	}
	if n := count(`SELECT count(*) FROM charge`); n != orders {
		t.Errorf("%d charges for %d orders", n, orders)
	}
	if n := count(`SELECT count(*) FROM outbox_event WHERE topic = 'charges'`); n != orders {
		t.Errorf("%d charge requests, want %d", n, orders)
	}
	if n := handled.Load(); n != orders {
		t.Errorf("handler ran %d times for %d events delivered twice", n, orders)
	}
}
