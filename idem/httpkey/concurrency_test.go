package httpkey_test

import (
	"context"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/idemlint/idemlint/idem/httpkey"
	"github.com/idemlint/idemlint/idem/internal/pgtest"
	"github.com/jackc/pgx/v5/pgxpool"
)

// custom serves h behind the middleware at /payments on a fresh database.
func custom(t *testing.T, cfg httpkey.Config, h http.Handler) (*pgxpool.Pool, *httptest.Server) {
	t.Helper()
	pool := pgtest.NewDB(t, httpkey.Schema)
	cfg.DB = pool
	if cfg.Scope == nil {
		cfg.Scope = func(r *http.Request) string { return r.Header.Get("X-User") }
	}
	cfg.Logger = slog.New(slog.DiscardHandler)
	mw, err := httpkey.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(mw.Wrap(h))
	t.Cleanup(srv.Close)
	return pool, srv
}

// Test200ConcurrentRepeats: 200 identical requests at once run the handler
// once and all get its answer, and while they wait they hold no database
// connection: another caller's request goes through meanwhile.
func Test200ConcurrentRepeats(t *testing.T) {
	s := newServer(t, httpkey.Config{LockTimeout: 30 * time.Second})
	started, release := make(chan struct{}), make(chan struct{})
	var once sync.Once
	s.before = func(r *http.Request) int {
		if r.Header.Get(httpkey.Header) == "k1" {
			once.Do(func() { close(started) })
			<-release
		}
		return 0
	}
	results := make([]result, 200)
	var wg sync.WaitGroup
	for i := range results {
		wg.Go(func() { results[i] = s.post("k1", "alice", `{"amount":100}`) })
	}
	<-started
	time.Sleep(300 * time.Millisecond) // let the repeats arrive and wait
	// The fewest connections held over a few looks (the pool's own health
	// check holds idle ones for an instant now and then).
	held := int32(1 << 30)
	for range 5 {
		held = min(held, s.pool.Stat().AcquiredConns())
		time.Sleep(20 * time.Millisecond)
	}
	if held > 2 {
		t.Errorf("%d pool connections held while one request runs and its repeats wait", held)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	other := s.do(ctx, http.MethodPost, "k2", "bob", `{"amount":5}`)
	cancel()
	close(release)
	wg.Wait()
	if other.status != http.StatusCreated {
		t.Errorf("another caller starved while the repeats waited: %+v", other)
	}
	for _, r := range results {
		if r.status != http.StatusCreated || r.body != results[0].body {
			t.Fatalf("answers differ: %+v vs %+v", r, results[0])
		}
	}
	if n := s.payments(t); n != 2 || s.calls.Load() != 2 {
		t.Fatalf("%d payments, %d runs; want 2 and 2", n, s.calls.Load())
	}
}

// TestHungOwnerReleasesTheKey: an owner whose handler hangs (it does not
// die) loses the key after OwnerTimeout; the retry runs.
func TestHungOwnerReleasesTheKey(t *testing.T) {
	s := newServer(t, httpkey.Config{OwnerTimeout: time.Second, LockTimeout: 20 * time.Second})
	hang, started := make(chan struct{}), make(chan struct{})
	s.before = func(*http.Request) int {
		if s.calls.Load() == 1 {
			close(started)
			<-hang // a provider call without a timeout
		}
		return 0
	}
	first := make(chan result, 1)
	go func() { first <- s.post("k1", "alice", "{}") }()
	select {
	case <-started:
	case r := <-first:
		t.Fatalf("the first request ended before its handler ran: %+v", r)
	}
	if r := s.post("k1", "alice", "{}"); r.status != http.StatusCreated || r.replayed {
		t.Fatalf("retry while the owner hangs: %+v", r)
	}
	close(hang)
	if r := <-first; r.status == http.StatusCreated {
		t.Fatalf("the hung owner's work survived its session: %+v", r)
	}
	if n := s.payments(t); n != 1 {
		t.Fatalf("%d payments", n)
	}
}

// TestLockTimeoutIsNotTheHandlers: the key's LockTimeout bounds the wait
// for the key, not the handler's own queries.
func TestLockTimeoutIsNotTheHandlers(t *testing.T) {
	s := newServer(t, httpkey.Config{LockTimeout: 100 * time.Millisecond})
	ctx := context.Background()
	tx, err := s.pool.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, `LOCK TABLE payment IN EXCLUSIVE MODE`); err != nil {
		t.Fatal(err)
	}
	done := make(chan result, 1)
	go func() { done <- s.post("k1", "alice", "{}") }()
	for {
		var waiting int
		if err := s.pool.QueryRow(ctx, `SELECT count(*) FROM pg_locks WHERE NOT granted AND relation = 'payment'::regclass`).Scan(&waiting); err != nil {
			t.Fatal(err)
		}
		if waiting > 0 {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	time.Sleep(300 * time.Millisecond) // longer than LockTimeout
	if err := tx.Commit(ctx); err != nil {
		t.Fatal(err)
	}
	if r := <-done; r.status != http.StatusCreated {
		t.Fatalf("handler query cut by the key's lock timeout: %+v", r)
	}
}

// TestRepeatsUnderStrictIsolation: concurrent repeats through two
// middlewares (two processes) on a database whose transactions are
// REPEATABLE READ or SERIALIZABLE all get the answer, no 500.
func TestRepeatsUnderStrictIsolation(t *testing.T) {
	t.Parallel()
	for _, level := range []string{"repeatable read", "serializable"} {
		t.Run(level, func(t *testing.T) {
			strict := func(pool *pgxpool.Pool) httpkey.DB {
				cfg := pool.Config().Copy()
				cfg.ConnConfig.RuntimeParams["default_transaction_isolation"] = level
				p, err := pgxpool.NewWithConfig(context.Background(), cfg)
				if err != nil {
					t.Fatal(err)
				}
				t.Cleanup(p.Close)
				return p
			}
			s := newServerOn(t, httpkey.Config{}, strict, 2)
			s.before = func(*http.Request) int { time.Sleep(50 * time.Millisecond); return 0 }
			results := make([]result, 20)
			var wg sync.WaitGroup
			for i := range results {
				wg.Go(func() { results[i] = s.post("k1", "alice", `{"amount":1}`) })
			}
			wg.Wait()
			for _, r := range results {
				if r.status != http.StatusCreated || r.body != results[0].body {
					t.Fatalf("answers under %s: %+v vs %+v", level, r, results[0])
				}
			}
			if n := s.payments(t); n != 1 {
				t.Fatalf("%d payments", n)
			}
		})
	}
}
