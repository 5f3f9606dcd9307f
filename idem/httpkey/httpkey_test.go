package httpkey_test

import (
	"context"
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

	"github.com/idemlint/idemlint/idem/httpkey"
	"github.com/idemlint/idemlint/idem/internal/pgtest"
	"github.com/jackc/pgx/v5/pgxpool"
)

func TestMain(m *testing.M) { os.Exit(pgtest.Main(m)) }

type server struct {
	*httptest.Server
	pool  *pgxpool.Pool
	calls atomic.Int64
	// before runs at the start of the handler, after the key is claimed.
	before func(r *http.Request) (status int)
}

// newServer serves POST /payments: it writes a payment row in the key's
// transaction and answers 201 with the row's id.
func newServer(t *testing.T, cfg httpkey.Config) *server {
	t.Helper()
	return newServerOn(t, cfg, nil, 1)
}

// newServerOn is newServer with the middleware's DB made from the test's
// pool by db (nil: the pool itself) and the requests spread in turn over
// processes middlewares, as over the processes of one service.
func newServerOn(t *testing.T, cfg httpkey.Config, db func(*pgxpool.Pool) httpkey.DB, processes int) *server {
	t.Helper()
	t.Parallel()
	s := &server{pool: pgtest.NewDB(t, httpkey.Schema,
		`CREATE TABLE payment (id serial PRIMARY KEY, body text NOT NULL)`)}
	cfg.DB = s.pool
	if db != nil {
		cfg.DB = db(s.pool)
	}
	cfg.Scope = func(r *http.Request) string { return r.Header.Get("X-User") }
	cfg.Logger = slog.New(slog.DiscardHandler)
	handler := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.calls.Add(1)
		if r.Method == http.MethodGet {
			fmt.Fprint(w, "list")
			return
		}
		if r.Method == http.MethodDelete {
			w.WriteHeader(http.StatusNoContent) // no body at all
			return
		}
		body, _ := io.ReadAll(r.Body)
		var id int
		if err := httpkey.Tx(r.Context()).QueryRow(r.Context(),
			`INSERT INTO payment (body) VALUES ($1) RETURNING id`, string(body)).Scan(&id); err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		if s.before != nil {
			if st := s.before(r); st != 0 {
				http.Error(w, "failed", st)
				return
			}
		}
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusCreated)
		fmt.Fprintf(w, `{"payment_id":%d}`, id)
	})
	var mws []http.Handler
	for range processes {
		mw, err := httpkey.New(cfg)
		if err != nil {
			t.Fatal(err)
		}
		mws = append(mws, mw.Wrap(handler))
	}
	var turn atomic.Int64
	mux := http.NewServeMux()
	mux.Handle("/payments", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mws[int(turn.Add(1))%len(mws)].ServeHTTP(w, r)
	}))
	s.Server = httptest.NewServer(mux)
	t.Cleanup(s.Close)
	return s
}

type result struct {
	status   int
	body     string
	replayed bool
	err      error
}

func (s *server) post(key, user, body string) result {
	return s.do(context.Background(), http.MethodPost, key, user, body)
}

func (s *server) do(ctx context.Context, method, key, user, body string) result {
	req, _ := http.NewRequestWithContext(ctx, method, s.URL+"/payments", strings.NewReader(body))
	if key != "" {
		req.Header.Set(httpkey.Header, key)
	}
	req.Header.Set("X-User", user)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return result{err: err}
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return result{status: resp.StatusCode, body: string(b), replayed: resp.Header.Get(httpkey.ReplayedHeader) == "true"}
}

func (s *server) payments(t *testing.T) int {
	t.Helper()
	var n int
	if err := s.pool.QueryRow(context.Background(), `SELECT count(*) FROM payment`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func TestKeyRequired(t *testing.T) {
	s := newServer(t, httpkey.Config{})
	if r := s.post("", "alice", `{"amount":100}`); r.status != http.StatusBadRequest {
		t.Fatalf("POST without a key: %d %s", r.status, r.body)
	}
	if r := s.post(strings.Repeat("k", 256), "alice", `{}`); r.status != http.StatusBadRequest {
		t.Fatalf("POST with a 256-byte key: %d", r.status)
	}
	if r := s.post("k1", "", `{}`); r.status != http.StatusUnauthorized {
		t.Fatalf("POST without a caller: %d", r.status)
	}
	if r := s.do(context.Background(), http.MethodGet, "", "alice", ""); r.status != http.StatusOK || r.body != "list" {
		t.Fatalf("GET without a key: %d %s", r.status, r.body)
	}
	if n := s.payments(t); n != 0 {
		t.Fatalf("%d payments from refused requests", n)
	}
}

func TestRepeatIsReplayed(t *testing.T) {
	s := newServer(t, httpkey.Config{})
	first := s.post("k1", "alice", `{"amount":100}`)
	if first.status != http.StatusCreated || first.replayed {
		t.Fatalf("first: %+v", first)
	}
	for range 3 {
		again := s.post("k1", "alice", `{"amount":100}`)
		if again.status != first.status || again.body != first.body || !again.replayed {
			t.Fatalf("repeat: %+v, first: %+v", again, first)
		}
	}
	if n := s.payments(t); n != 1 || s.calls.Load() != 1 {
		t.Fatalf("%d payments, %d handler runs; want 1 and 1", n, s.calls.Load())
	}
}

func TestEmptyResponseIsStored(t *testing.T) {
	s := newServer(t, httpkey.Config{})
	first := s.do(context.Background(), http.MethodDelete, "k1", "alice", "")
	again := s.do(context.Background(), http.MethodDelete, "k1", "alice", "")
	if first.status != http.StatusNoContent || again.status != http.StatusNoContent || !again.replayed {
		t.Fatalf("DELETE: %+v then %+v", first, again)
	}
	if s.calls.Load() != 1 {
		t.Fatalf("handler ran %d times", s.calls.Load())
	}
}

func TestDifferentRequestSameKeyRefused(t *testing.T) {
	s := newServer(t, httpkey.Config{})
	if r := s.post("k1", "alice", `{"amount":100}`); r.status != http.StatusCreated {
		t.Fatal(r)
	}
	if r := s.post("k1", "alice", `{"amount":999}`); r.status != http.StatusUnprocessableEntity {
		t.Fatalf("same key, different body: %d %s", r.status, r.body)
	}
	// Keys are scoped to the caller: bob's k1 is another key.
	if r := s.post("k1", "bob", `{"amount":999}`); r.status != http.StatusCreated || r.replayed {
		t.Fatalf("bob's k1: %+v", r)
	}
	if n := s.payments(t); n != 2 {
		t.Fatalf("%d payments, want 2", n)
	}
}

// TestConcurrentRepeats sends one request ten times at once: one run, ten
// identical answers.
func TestConcurrentRepeats(t *testing.T) {
	s := newServer(t, httpkey.Config{})
	s.before = func(*http.Request) int { time.Sleep(100 * time.Millisecond); return 0 }
	var wg sync.WaitGroup
	results := make([]result, 10)
	for i := range results {
		wg.Go(func() { results[i] = s.post("k1", "alice", `{"amount":100}`) })
	}
	wg.Wait()
	for _, r := range results {
		if r.status != http.StatusCreated || r.body != results[0].body {
			t.Fatalf("results differ: %+v", results)
		}
	}
	if n := s.payments(t); n != 1 || s.calls.Load() != 1 {
		t.Fatalf("%d payments, %d handler runs; want 1 and 1", n, s.calls.Load())
	}
}

// TestFailedRunIsRetried: a 5xx, a panic or a client that went away roll
// the work back with the key, and the retry runs the handler again.
func TestFailedRunIsRetried(t *testing.T) {
	for _, cut := range []string{"5xx", "panic", "client gone"} {
		t.Run(cut, func(t *testing.T) {
			s := newServer(t, httpkey.Config{})
			var n atomic.Int64
			reached := make(chan struct{})
			s.before = func(r *http.Request) int {
				if n.Add(1) > 1 {
					return 0
				}
				switch cut {
				case "5xx":
					return http.StatusServiceUnavailable
				case "panic":
					panic(http.ErrAbortHandler)
				default:
					close(reached)
					<-r.Context().Done() // the client gave up
					return 0
				}
			}
			// The client gives up once the handler runs (not on a timer,
			// which a loaded machine can beat before the handler starts).
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			go func() {
				select {
				case <-reached:
					cancel()
				case <-ctx.Done():
				}
			}()
			first := s.do(ctx, http.MethodPost, "k1", "alice", `{"amount":100}`)
			if first.status == http.StatusCreated {
				t.Fatalf("first attempt succeeded: %+v", first)
			}
			if n := s.payments(t); n != 0 {
				t.Fatalf("failed attempt left %d payments", n)
			}
			retry := s.post("k1", "alice", `{"amount":100}`)
			if retry.status != http.StatusCreated || retry.replayed {
				t.Fatalf("retry: %+v", retry)
			}
			if again := s.post("k1", "alice", `{"amount":100}`); again.body != retry.body || !again.replayed {
				t.Fatalf("repeat after retry: %+v", again)
			}
			if n := s.payments(t); n != 1 {
				t.Fatalf("%d payments, want 1", n)
			}
		})
	}
}

// TestInProgress: a repeat that waits longer than LockTimeout for the first
// request gets 409 with Retry-After, and runs nothing.
func TestInProgress(t *testing.T) {
	s := newServer(t, httpkey.Config{LockTimeout: 100 * time.Millisecond})
	release := make(chan struct{})
	started := make(chan struct{})
	var once sync.Once
	s.before = func(*http.Request) int {
		once.Do(func() { close(started) })
		<-release
		return 0
	}
	done := make(chan result)
	go func() { done <- s.post("k1", "alice", `{"amount":100}`) }()
	<-started
	if r := s.post("k1", "alice", `{"amount":100}`); r.status != http.StatusConflict {
		t.Fatalf("repeat while in progress: %+v", r)
	}
	close(release)
	if r := <-done; r.status != http.StatusCreated {
		t.Fatalf("first: %+v", r)
	}
	if n := s.payments(t); n != 1 {
		t.Fatalf("%d payments", n)
	}
}

func TestExpiry(t *testing.T) {
	s := newServer(t, httpkey.Config{TTL: time.Hour})
	first := s.post("k1", "alice", `{}`)
	if _, err := s.pool.Exec(context.Background(), `UPDATE idempotency_key SET created_at = now() - interval '2 hours'`); err != nil {
		t.Fatal(err)
	}
	second := s.post("k1", "alice", `{}`)
	if second.status != http.StatusCreated || second.replayed || second.body == first.body {
		t.Fatalf("expired key was replayed: %+v", second)
	}
	n, err := httpkey.Purge(context.Background(), s.pool, time.Nanosecond)
	if err != nil || n != 1 {
		t.Fatalf("Purge = %d, %v", n, err)
	}
}

func TestNewRefusesIncompleteConfig(t *testing.T) {
	if _, err := httpkey.New(httpkey.Config{}); err == nil {
		t.Fatal("New without DB and Scope")
	}
}
