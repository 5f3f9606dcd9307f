package httpkey_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"testing/iotest"

	"github.com/idemlint/idemlint/idem/httpkey"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// problemOf decodes a problem+json answer and returns its type fragment.
func problemOf(t *testing.T, contentType, body string) string {
	t.Helper()
	if contentType != "application/problem+json" {
		t.Fatalf("error answered as %q, want application/problem+json: %s", contentType, body)
	}
	var p struct{ Type string }
	if err := json.Unmarshal([]byte(body), &p); err != nil {
		t.Fatalf("problem body %q: %v", body, err)
	}
	return strings.TrimPrefix(p.Type, httpkey.ProblemBase)
}

func (s *server) raw(t *testing.T, key []string, user, body string) *http.Response {
	t.Helper()
	req, _ := http.NewRequest(http.MethodPost, s.URL+"/payments", strings.NewReader(body))
	req.Header["Idempotency-Key"] = key
	req.Header.Set("X-User", user)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	return resp
}

func readBody(resp *http.Response) string {
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return string(b)
}

// TestReplayKeepsOnlySafeHeaders: a repeat from another user of the same
// scope gets the allow-listed headers, never the first caller's cookies or
// tokens, and they are not even stored.
func TestReplayKeepsOnlySafeHeaders(t *testing.T) {
	t.Parallel()
	s := &server{}
	mux := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Set-Cookie", "session=alice-secret")
		h.Set("X-Session-Token", "alice-token")
		h.Set("WWW-Authenticate", "Bearer")
		h.Set("X-Request-Id", "req-1")
		h.Set("Content-Type", "application/json")
		h.Set("Location", "/payments/1")
		w.WriteHeader(http.StatusCreated)
		fmt.Fprint(w, `{"id":1}`)
	})
	s.pool, s.Server = custom(t, httpkey.Config{Scope: func(r *http.Request) string { return r.Header.Get("X-Tenant") }}, mux)
	send := func(user string) *http.Response {
		req, _ := http.NewRequest(http.MethodPost, s.URL+"/payments", strings.NewReader("{}"))
		req.Header.Set(httpkey.Header, "k1")
		req.Header.Set("X-Tenant", "acme")
		req.Header.Set("X-User", user)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		readBody(resp)
		return resp
	}
	if first := send("alice"); first.Header.Get("Set-Cookie") == "" {
		t.Fatal("the first caller lost its own cookie")
	}
	again := send("bob")
	if again.Header.Get(httpkey.ReplayedHeader) != "true" {
		t.Fatal("not replayed")
	}
	for _, h := range []string{"Set-Cookie", "X-Session-Token", "Www-Authenticate", "X-Request-Id"} {
		if v := again.Header.Get(h); v != "" {
			t.Errorf("replay to another user carries %s: %q", h, v)
		}
	}
	if again.Header.Get("Content-Type") != "application/json" || again.Header.Get("Location") != "/payments/1" {
		t.Errorf("replay lost its safe headers: %v", again.Header)
	}
	var stored string
	if err := s.pool.QueryRow(context.Background(), `SELECT headers::text FROM idempotency_key`).Scan(&stored); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(stored, "secret") || strings.Contains(stored, "token") {
		t.Errorf("sensitive headers stored: %s", stored)
	}
	for _, h := range []string{"Set-Cookie", "Authorization", "X-Auth-Token", "X-Api-Key"} {
		if _, err := httpkey.New(httpkey.Config{DB: s.pool, Scope: func(*http.Request) string { return "x" }, ReplayHeaders: []string{h}}); err == nil {
			t.Errorf("New accepted %s in ReplayHeaders", h)
		}
	}
}

// TestNonFinalResponsesReleaseTheKey: a rate-limited (or otherwise "not
// now") first attempt is not stored; the retry with the same key runs.
func TestNonFinalResponsesReleaseTheKey(t *testing.T) {
	t.Parallel()
	for _, st := range []int{408, 409, 423, 425, 429, 500, 503} {
		t.Run(fmt.Sprint(st), func(t *testing.T) {
			s := newServer(t, httpkey.Config{})
			s.before = func(*http.Request) int {
				if s.calls.Load() == 1 {
					return st
				}
				return 0
			}
			if r := s.post("k1", "alice", "{}"); r.status != st {
				t.Fatalf("first: %+v", r)
			}
			if r := s.post("k1", "alice", "{}"); r.status != http.StatusCreated || r.replayed {
				t.Fatalf("retry after %d: %+v", st, r)
			}
			if n := s.payments(t); n != 1 || s.calls.Load() != 2 {
				t.Fatalf("%d payments, %d runs; want 1 and 2", n, s.calls.Load())
			}
		})
	}
	for _, st := range []int{400, 404, 422} {
		t.Run(fmt.Sprint(st), func(t *testing.T) {
			s := newServer(t, httpkey.Config{})
			s.before = func(*http.Request) int { return st }
			s.post("k1", "alice", "{}")
			if r := s.post("k1", "alice", "{}"); r.status != st || !r.replayed || s.calls.Load() != 1 {
				t.Fatalf("final %d not replayed: %+v, %d runs", st, r, s.calls.Load())
			}
		})
	}
}

// TestInvalidKeys: the key is a structured-field string (or a bare token);
// anything else, non-UTF-8 included, is a 400 problem, not a 500.
func TestInvalidKeys(t *testing.T) {
	s := newServer(t, httpkey.Config{})
	for _, key := range [][]string{{"\xff\xfe"}, {"caf\xc3\xa9"}, {`"unterminated`}, {`"a"b`}, {`"bad\escape"`}, {`""`}, {"k1", "k2"}} {
		resp := s.raw(t, key, "alice", "{}")
		body := readBody(resp)
		if resp.StatusCode != http.StatusBadRequest {
			t.Errorf("key %q: %d %s", key, resp.StatusCode, body)
			continue
		}
		if p := problemOf(t, resp.Header.Get("Content-Type"), body); p != httpkey.ProblemKeyInvalid {
			t.Errorf("key %q: problem %s", key, p)
		}
	}
	// The quoted form and the bare form name the same key.
	if resp := s.raw(t, []string{`"ord 1\"x"`}, "alice", "{}"); resp.StatusCode != http.StatusCreated {
		t.Fatalf("quoted key: %d %s", resp.StatusCode, readBody(resp))
	}
	if r := s.post("ord-2", "alice", "{}"); r.status != http.StatusCreated {
		t.Fatalf("bare key: %+v", r)
	}
	if resp := s.raw(t, []string{`"ord-2"`}, "alice", "{}"); resp.Header.Get(httpkey.ReplayedHeader) != "true" {
		t.Fatalf("quoted ord-2 is not the bare ord-2: %d", resp.StatusCode)
	}
	resp := s.raw(t, []string{"k9"}, "alice", `{"a":1}`)
	readBody(resp)
	resp = s.raw(t, []string{"k9"}, "alice", `{"a":2}`)
	if body := readBody(resp); resp.StatusCode != http.StatusUnprocessableEntity ||
		problemOf(t, resp.Header.Get("Content-Type"), body) != httpkey.ProblemKeyReused {
		t.Fatalf("reused key: %d %s", resp.StatusCode, body)
	}
}

type noDB struct{}

func (noDB) Begin(context.Context) (pgx.Tx, error) { return nil, errors.New("no database") }
func (noDB) Exec(context.Context, string, ...any) (pgconn.CommandTag, error) {
	return pgconn.CommandTag{}, errors.New("no database")
}

// TestBodyErrors: a body that fails to read is a 400, one over MaxBody 413.
func TestBodyErrors(t *testing.T) {
	mw, err := httpkey.New(httpkey.Config{DB: noDB{}, Scope: func(*http.Request) string { return "alice" }, MaxBody: 8})
	if err != nil {
		t.Fatal(err)
	}
	h := mw.Wrap(http.HandlerFunc(func(http.ResponseWriter, *http.Request) { t.Error("handler ran") }))
	for body, want := range map[io.Reader]int{
		iotest.ErrReader(errors.New("connection reset by peer")): http.StatusBadRequest,
		strings.NewReader(strings.Repeat("x", 9)):                http.StatusRequestEntityTooLarge,
	} {
		req := httptest.NewRequest(http.MethodPost, "/payments", body)
		req.Header.Set(httpkey.Header, "k1")
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Code != want {
			t.Errorf("status %d, want %d: %s", rec.Code, want, rec.Body)
		}
		problemOf(t, rec.Header().Get("Content-Type"), rec.Body.String())
	}
}

// TestLargeResponseIsStreamedNotStored: a response over MaxResponse goes to
// the client whole without being buffered, and its repeats get 410 instead
// of a truncated or fake replay.
func TestLargeResponseIsStreamedNotStored(t *testing.T) {
	t.Parallel()
	big := strings.Repeat("x", 64<<10)
	var calls int
	var mu sync.Mutex
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		calls++
		mu.Unlock()
		w.Header().Set("Location", "/reports/1")
		for i := 0; i < len(big); i += 4096 {
			_, _ = io.WriteString(w, big[i:i+4096])
		}
	})
	pool, srv := custom(t, httpkey.Config{MaxResponse: 1024}, h)
	s := &server{Server: srv, pool: pool}
	if r := s.post("k1", "alice", "{}"); r.status != http.StatusOK || r.body != big {
		t.Fatalf("first: %d, %d bytes", r.status, len(r.body))
	}
	resp := s.raw(t, []string{"k1"}, "alice", "{}")
	body := readBody(resp)
	if resp.StatusCode != http.StatusGone || problemOf(t, resp.Header.Get("Content-Type"), body) != httpkey.ProblemNotStored ||
		resp.Header.Get("Location") != "/reports/1" {
		t.Fatalf("repeat: %d %v %s", resp.StatusCode, resp.Header, body)
	}
	var n int
	if err := pool.QueryRow(context.Background(), `SELECT length(body) FROM idempotency_key`).Scan(&n); err != nil || n != 0 {
		t.Fatalf("stored %d bytes (%v)", n, err)
	}
	if calls != 1 {
		t.Fatalf("%d runs", calls)
	}
}

// TestHandlerEndingTheTransaction: a handler that commits the key's
// transaction (through Tx or with a COMMIT statement) gets a clear error,
// and no repeat is answered with a fake empty 200.
func TestHandlerEndingTheTransaction(t *testing.T) {
	t.Parallel()
	for _, how := range []string{"Commit", "COMMIT"} {
		t.Run(how, func(t *testing.T) {
			var mu sync.Mutex
			var calls int
			var commitErr error
			h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				mu.Lock()
				calls++
				mu.Unlock()
				tx := httpkey.Tx(r.Context())
				if how == "Commit" {
					commitErr = tx.Commit(r.Context())
				} else if _, err := tx.Exec(r.Context(), "COMMIT"); err != nil {
					t.Error(err)
				}
				w.WriteHeader(http.StatusOK)
			})
			pool, srv := custom(t, httpkey.Config{}, h)
			s := &server{Server: srv, pool: pool}
			for i := range 2 {
				resp := s.raw(t, []string{"k1"}, "alice", "{}")
				body := readBody(resp)
				if resp.StatusCode != http.StatusInternalServerError ||
					problemOf(t, resp.Header.Get("Content-Type"), body) != httpkey.ProblemTxEnded {
					t.Fatalf("attempt %d: %d %s", i+1, resp.StatusCode, body)
				}
			}
			if how == "Commit" && !errors.Is(commitErr, httpkey.ErrTxOwned) {
				t.Errorf("Tx.Commit returned %v", commitErr)
			}
		})
	}
}
