package httpkey

import (
	"bytes"
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// Header is the request header that carries the key.
const Header = "Idempotency-Key"

// ReplayedHeader marks a replayed response.
const ReplayedHeader = "Idempotent-Replayed"

// Schema creates the idempotency_key table. It is idempotent.
const Schema = `CREATE TABLE IF NOT EXISTS idempotency_key (
	scope        text        NOT NULL,
	key          text        NOT NULL,
	request_hash bytea       NOT NULL,
	status       int         NOT NULL DEFAULT 0,
	headers      jsonb       NOT NULL DEFAULT '{}',
	body         bytea       NOT NULL DEFAULT '',
	created_at   timestamptz NOT NULL DEFAULT now(),
	PRIMARY KEY (scope, key)
);
CREATE INDEX IF NOT EXISTS idempotency_key_created_at ON idempotency_key (created_at);`

const (
	expireQuery = `DELETE FROM idempotency_key
WHERE scope = $1 AND key = $2 AND created_at < now() - make_interval(secs => $3)`

	claimQuery = `INSERT INTO idempotency_key (scope, key, request_hash)
VALUES ($1, $2, $3)
ON CONFLICT (scope, key) DO NOTHING`

	storedQuery = `SELECT request_hash, status, headers, body FROM idempotency_key
WHERE scope = $1 AND key = $2`

	saveQuery = `UPDATE idempotency_key SET status = $3, headers = $4, body = $5
WHERE scope = $1 AND key = $2`

	purgeQuery = `DELETE FROM idempotency_key WHERE created_at < now() - make_interval(secs => $1)`
)

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

	TTL         time.Duration // how long a key is kept; default 24h
	LockTimeout time.Duration // how long a repeat waits for the first request; default 5s
	MaxBody     int64         // largest request body accepted; default 1 MiB
	MaxKeyLen   int           // longest key accepted; default 255
	Methods     []string      // methods that need a key; default POST, PUT, PATCH, DELETE
	Logger      *slog.Logger  // default slog.Default()
}

// Middleware is the Idempotency-Key middleware.
type Middleware struct {
	cfg     Config
	methods map[string]bool
}

// New checks cfg and fills in its defaults.
func New(cfg Config) (*Middleware, error) {
	if cfg.DB == nil || cfg.Scope == nil {
		return nil, errors.New("httpkey: Config needs DB and Scope")
	}
	if cfg.TTL <= 0 {
		cfg.TTL = 24 * time.Hour
	}
	if cfg.LockTimeout <= 0 {
		cfg.LockTimeout = 5 * time.Second
	}
	if cfg.MaxBody <= 0 {
		cfg.MaxBody = 1 << 20
	}
	if cfg.MaxKeyLen <= 0 {
		cfg.MaxKeyLen = 255
	}
	if len(cfg.Methods) == 0 {
		cfg.Methods = []string{http.MethodPost, http.MethodPut, http.MethodPatch, http.MethodDelete}
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	m := &Middleware{cfg: cfg, methods: map[string]bool{}}
	for _, meth := range cfg.Methods {
		m.methods[meth] = true
	}
	return m, nil
}

type txKey struct{}

// Tx returns the transaction that holds the request's key, or nil outside
// the middleware. Do the handler's database work in it.
func Tx(ctx context.Context) pgx.Tx {
	tx, _ := ctx.Value(txKey{}).(pgx.Tx)
	return tx
}

// Wrap returns next behind the middleware.
func (m *Middleware) Wrap(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !m.methods[r.Method] {
			next.ServeHTTP(w, r)
			return
		}
		key := r.Header.Get(Header)
		if key == "" {
			http.Error(w, "the "+Header+" header is required: send one key per operation, the same on every retry", http.StatusBadRequest)
			return
		}
		if len(key) > m.cfg.MaxKeyLen {
			http.Error(w, Header+" is too long", http.StatusBadRequest)
			return
		}
		scope := m.cfg.Scope(r)
		if scope == "" {
			http.Error(w, "unknown caller", http.StatusUnauthorized)
			return
		}
		body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, m.cfg.MaxBody))
		if err != nil {
			http.Error(w, "request body: "+err.Error(), http.StatusRequestEntityTooLarge)
			return
		}
		r.Body = io.NopCloser(bytes.NewReader(body))
		m.serve(w, r, next, scope, key, requestHash(r, body))
	})
}

// requestHash identifies the request a key was first used for.
func requestHash(r *http.Request, body []byte) []byte {
	h := sha256.New()
	fmt.Fprintf(h, "%s\n%s\n", r.Method, r.URL.RequestURI())
	h.Write(body)
	return h.Sum(nil)
}

func (m *Middleware) serve(w http.ResponseWriter, r *http.Request, next http.Handler, scope, key string, hash []byte) {
	ctx := r.Context()
	tx, err := m.cfg.DB.Begin(ctx)
	if err != nil {
		m.fail(w, r, "begin", err)
		return
	}
	defer tx.Rollback(ctx) //nolint:errcheck // a no-op after Commit

	lock := strconv.FormatInt(m.cfg.LockTimeout.Milliseconds(), 10)
	if _, err := tx.Exec(ctx, "SET LOCAL lock_timeout = "+lock); err != nil {
		m.fail(w, r, "lock timeout", err)
		return
	}
	if _, err := tx.Exec(ctx, expireQuery, scope, key, m.cfg.TTL.Seconds()); err != nil {
		m.conflictOrFail(w, r, "expire key", err)
		return
	}
	tag, err := tx.Exec(ctx, claimQuery, scope, key, hash)
	if err != nil {
		m.conflictOrFail(w, r, "claim key", err)
		return
	}
	if tag.RowsAffected() == 0 {
		m.replay(w, r, tx, scope, key, hash)
		return
	}

	rec := &recorder{header: http.Header{}}
	next.ServeHTTP(rec, r.WithContext(context.WithValue(ctx, txKey{}, tx)))
	status := rec.statusCode()
	if status >= 500 {
		// Not stored: the handler's work and the key roll back together, and
		// the client's retry runs the handler again.
		rec.writeTo(w, false)
		return
	}
	body := rec.body.Bytes()
	if body == nil {
		body = []byte{} // an empty response (204) is stored as such, not as NULL
	}
	if _, err := tx.Exec(ctx, saveQuery, scope, key, status, map[string][]string(rec.header), body); err != nil {
		m.fail(w, r, "store response", err)
		return
	}
	if err := tx.Commit(ctx); err != nil {
		m.fail(w, r, "commit", err)
		return
	}
	rec.writeTo(w, false)
}

// replay answers a repeat from the stored row.
func (m *Middleware) replay(w http.ResponseWriter, r *http.Request, tx pgx.Tx, scope, key string, hash []byte) {
	var stored response
	var storedHash []byte
	err := tx.QueryRow(r.Context(), storedQuery, scope, key).Scan(&storedHash, &stored.status, &stored.header, &stored.body)
	if err != nil {
		m.fail(w, r, "read stored response", err)
		return
	}
	if !bytes.Equal(storedHash, hash) {
		http.Error(w, Header+" was already used for a different request", http.StatusConflict)
		return
	}
	rec := &recorder{header: stored.header, status: stored.status}
	rec.body.Write(stored.body)
	rec.writeTo(w, true)
}

// conflictOrFail answers 409 when a concurrent request holds the key past
// LockTimeout, and 500 otherwise.
func (m *Middleware) conflictOrFail(w http.ResponseWriter, r *http.Request, what string, err error) {
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) && pgErr.Code == "55P03" { // lock_not_available
		w.Header().Set("Retry-After", strconv.Itoa(max(1, int(m.cfg.LockTimeout.Seconds()))))
		http.Error(w, "a request with this "+Header+" is still in progress", http.StatusConflict)
		return
	}
	m.fail(w, r, what, err)
}

func (m *Middleware) fail(w http.ResponseWriter, r *http.Request, what string, err error) {
	m.cfg.Logger.ErrorContext(r.Context(), "httpkey: "+what, "error", err)
	http.Error(w, "internal error", http.StatusInternalServerError)
}

// Purge deletes keys older than ttl.
func Purge(ctx context.Context, db DB, ttl time.Duration) (int64, error) {
	tag, err := db.Exec(ctx, purgeQuery, ttl.Seconds())
	if err != nil {
		return 0, fmt.Errorf("httpkey: purge: %w", err)
	}
	return tag.RowsAffected(), nil
}
