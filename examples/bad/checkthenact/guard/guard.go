// Package guard is the seed's idempotency guard written in Go: the key is
// SELECTed, the order is placed with the payment provider, and the
// response is INSERTed afterwards. Two retries that arrive together both
// find no record and both charge.
package guard

import (
	"bytes"
	"context"
	"errors"
	"net/http"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

type Store struct{ Pool *pgxpool.Pool }

// Lookup returns the stored response for key, or nil.
func (s *Store) Lookup(ctx context.Context, key string) ([]byte, error) {
	var body []byte
	err := s.Pool.QueryRow(ctx, `SELECT response_body FROM idempotency_record WHERE key = $1`, key).Scan(&body)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, nil
	}
	return body, err
}

// Save stores the response for key.
func (s *Store) Save(ctx context.Context, key string, body []byte) error {
	_, err := s.Pool.Exec(ctx, `INSERT INTO idempotency_record (key, response_body) VALUES ($1, $2)`, key, body)
	return err
}

type Handler struct {
	Store    *Store
	Provider string
}

func (h *Handler) CreateOrder(w http.ResponseWriter, r *http.Request) {
	key := r.Header.Get("Idempotency-Key")
	if prev, err := h.Store.Lookup(r.Context(), key); err != nil || prev != nil {
		_, _ = w.Write(prev)
		return
	}
	resp, err := http.Post(h.Provider+"/charges", "application/json", bytes.NewReader([]byte(`{}`)))
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
		return
	}
	defer resp.Body.Close()
	body := []byte(`{"status":"charged"}`)
	if err := h.Store.Save(r.Context(), key, body); err != nil { // want: checkthenact
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	_, _ = w.Write(body)
}
