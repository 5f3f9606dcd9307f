package httpmw

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"net/http"

	"github.com/jmoiron/sqlx"
)

// KeyStore remembers the response of each Idempotency-Key.
type KeyStore struct {
	db *sqlx.DB
}

// NewKeyStore returns a store on db.
func NewKeyStore(db *sqlx.DB) *KeyStore { return &KeyStore{db: db} }

// Lookup returns the stored response for key, if any.
func (s *KeyStore) Lookup(ctx context.Context, key string) ([]byte, bool, error) {
	var resp []byte
	err := s.db.GetContext(ctx, &resp, `SELECT response FROM checkout_requests WHERE idempotency_key = $1`, key)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, err
	}
	return resp, true, nil
}

// Save stores the response of key.
func (s *KeyStore) Save(ctx context.Context, key string, orderID int64, resp []byte) error {
	_, err := s.db.ExecContext(ctx, `INSERT INTO checkout_requests (idempotency_key, order_id, response) VALUES ($1, $2, $3)`, key, orderID, resp)
	return err
}

type recorder struct {
	http.ResponseWriter
	status int
	buf    bytes.Buffer
}

func (r *recorder) WriteHeader(code int) { r.status = code; r.ResponseWriter.WriteHeader(code) }
func (r *recorder) Write(b []byte) (int, error) {
	r.buf.Write(b)
	return r.ResponseWriter.Write(b)
}

// Idempotent replays the stored response of a repeated Idempotency-Key and
// stores the response of a new one.
func Idempotent(store *KeyStore) Middleware {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			key := r.Header.Get("Idempotency-Key")
			if key == "" || r.Method == http.MethodGet {
				next.ServeHTTP(w, r)
				return
			}
			if resp, ok, err := store.Lookup(r.Context(), key); err != nil {
				http.Error(w, "idempotency store unavailable", http.StatusServiceUnavailable)
				return
			} else if ok {
				w.Header().Set("Idempotent-Replayed", "true")
				_, _ = w.Write(resp)
				return
			}
			rec := &recorder{ResponseWriter: w, status: http.StatusOK}
			next.ServeHTTP(rec, r)
			if rec.status < 300 {
				_ = store.Save(r.Context(), key, 0, rec.buf.Bytes()) // want: checkthenact
			}
		})
	}
}
