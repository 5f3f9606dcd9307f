package httpkey

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// Header is the request header that carries the key.
const Header = "Idempotency-Key"

// ReplayedHeader marks a replayed response.
const ReplayedHeader = "Idempotent-Replayed"

// DB is what the middleware needs of the database: *pgxpool.Pool.
type DB interface {
	Begin(ctx context.Context) (pgx.Tx, error)
	Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
}

// Config configures the middleware. DB and Scope are required.
type Config struct {
	DB DB
	// Scope names the caller a key belongs to (user, tenant, API client).
	// An empty scope is refused with 401.
	Scope func(*http.Request) string

	TTL time.Duration // how long a key is kept; default 24h
	// LockTimeout is how long a repeat waits for a request still in
	// progress under its key before it gets 409; default 5s. The repeat
	// waits without holding a database connection.
	LockTimeout time.Duration
	// OwnerTimeout bounds how long the request that holds a key may leave
	// its transaction idle (a handler hung on a call that never returns):
	// PostgreSQL then ends its session (idle_in_transaction_session_timeout),
	// its work rolls back and the key is free for a retry. Default 30s.
	OwnerTimeout time.Duration
	MaxBody      int64 // largest request body accepted; default 1 MiB
	// MaxResponse is the largest response body stored for replay; default
	// 1 MiB. A larger response is streamed to the first caller and not
	// stored: its repeats get 410 (see the package doc).
	MaxResponse int64
	MaxKeyLen   int      // longest key accepted; default 255
	Methods     []string // methods that need a key; default POST, PUT, PATCH, DELETE
	// ReplayHeaders are response headers replayed in addition to
	// DefaultReplayHeaders. Names that may carry credentials or session
	// state (Set-Cookie, Authorization, *token*, ...) are refused by New.
	ReplayHeaders []string
	Logger        *slog.Logger // default slog.Default()
}

// Middleware is the Idempotency-Key middleware.
type Middleware struct {
	cfg      Config
	methods  map[string]bool
	replayed map[string]bool
	flights  flights
}

// New checks cfg and fills in its defaults.
func New(cfg Config) (*Middleware, error) {
	if cfg.DB == nil || cfg.Scope == nil {
		return nil, errors.New("httpkey: Config needs DB and Scope")
	}
	allow, err := replayHeaders(cfg.ReplayHeaders)
	if err != nil {
		return nil, err
	}
	cfg.TTL = orDefault(cfg.TTL, 24*time.Hour)
	cfg.LockTimeout = orDefault(cfg.LockTimeout, 5*time.Second)
	cfg.OwnerTimeout = orDefault(cfg.OwnerTimeout, 30*time.Second)
	cfg.MaxBody = orDefault(cfg.MaxBody, 1<<20)
	cfg.MaxResponse = orDefault(cfg.MaxResponse, 1<<20)
	cfg.MaxKeyLen = orDefault(cfg.MaxKeyLen, 255)
	if len(cfg.Methods) == 0 {
		cfg.Methods = []string{http.MethodPost, http.MethodPut, http.MethodPatch, http.MethodDelete}
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	m := &Middleware{cfg: cfg, methods: map[string]bool{}, replayed: allow}
	for _, meth := range cfg.Methods {
		m.methods[meth] = true
	}
	return m, nil
}

func orDefault[T int | int64 | time.Duration](v, def T) T {
	if v <= 0 {
		return def
	}
	return v
}

type txKey struct{}

// Tx returns the transaction that holds the request's key, or nil outside
// the middleware. Do the handler's database work in it; its Commit and
// Rollback return ErrTxOwned.
func Tx(ctx context.Context) pgx.Tx {
	tx, _ := ctx.Value(txKey{}).(pgx.Tx)
	return tx
}

// keyed is one request's key.
type keyed struct {
	scope, key string
	hash       []byte // the request's fingerprint
	lock       int64  // advisory lock id of (scope, key)
}

// Wrap returns next behind the middleware.
func (m *Middleware) Wrap(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !m.methods[r.Method] {
			next.ServeHTTP(w, r)
			return
		}
		values := r.Header.Values(Header)
		if len(values) == 0 || values[0] == "" {
			writeProblem(w, http.StatusBadRequest, ProblemKeyMissing, "Idempotency-Key is missing",
				"send one key per operation, the same on every retry")
			return
		}
		if len(values) > 1 {
			writeProblem(w, http.StatusBadRequest, ProblemKeyInvalid, "Idempotency-Key is invalid", "send exactly one Idempotency-Key")
			return
		}
		key, err := parseKey(values[0])
		if err == nil && len(key) > m.cfg.MaxKeyLen {
			err = fmt.Errorf("longer than %d bytes", m.cfg.MaxKeyLen)
		}
		if err != nil {
			writeProblem(w, http.StatusBadRequest, ProblemKeyInvalid, "Idempotency-Key is invalid", err.Error())
			return
		}
		scope := m.cfg.Scope(r)
		if scope == "" {
			writeProblem(w, http.StatusUnauthorized, ProblemUnknownCaller, "unknown caller", "")
			return
		}
		body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, m.cfg.MaxBody))
		if err != nil {
			var tooLarge *http.MaxBytesError
			if errors.As(err, &tooLarge) {
				writeProblem(w, http.StatusRequestEntityTooLarge, ProblemBodyTooLarge, "request body too large",
					fmt.Sprintf("the limit is %d bytes", m.cfg.MaxBody))
				return
			}
			writeProblem(w, http.StatusBadRequest, ProblemBodyRead, "request body could not be read", err.Error())
			return
		}
		r.Body = io.NopCloser(bytes.NewReader(body))
		k := keyed{scope: scope, key: key, hash: requestHash(r, body)}
		k.lock = lockID(scope, key)
		m.serve(w, r, next, k)
	})
}

// requestHash identifies the request a key was first used for.
func requestHash(r *http.Request, body []byte) []byte {
	h := sha256.New()
	fmt.Fprintf(h, "%s\n%s\n", r.Method, r.URL.RequestURI())
	h.Write(body)
	return h.Sum(nil)
}

// lockID is the transaction-level advisory lock that the request owning
// (scope, key) holds while it runs.
func lockID(scope, key string) int64 {
	sum := sha256.Sum256([]byte("httpkey\x00" + scope + "\x00" + key))
	return int64(binary.BigEndian.Uint64(sum[:8]))
}

// final reports whether a response is the operation's outcome, stored and
// replayed: 2xx, and 4xx other than those that say "not now" (408, 409,
// 423, 425, 429). Anything else rolls the work back and frees the key.
func final(status int) bool {
	switch status {
	case http.StatusRequestTimeout, http.StatusConflict, http.StatusLocked, http.StatusTooEarly, http.StatusTooManyRequests:
		return false
	}
	return status >= 200 && status < 300 || status >= 400 && status < 500
}

func (m *Middleware) fail(w http.ResponseWriter, r *http.Request, what string, err error) {
	m.cfg.Logger.ErrorContext(r.Context(), "httpkey: "+what, "error", err)
	writeProblem(w, http.StatusInternalServerError, ProblemInternal, "internal error", "")
}

// Purge deletes keys older than ttl.
func Purge(ctx context.Context, db DB, ttl time.Duration) (int64, error) {
	tag, err := db.Exec(ctx, purgeQuery, ttl.Seconds())
	if err != nil {
		return 0, fmt.Errorf("httpkey: purge: %w", err)
	}
	return tag.RowsAffected(), nil
}
