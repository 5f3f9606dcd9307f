package http

import (
	"context"
	"net/http"
	"strconv"
	"time"

	"example.com/corpus/billing/internal/platform/pgutil"
	"example.com/corpus/billing/internal/platform/retry"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// BalanceHandler adjusts customer balances.
type BalanceHandler struct {
	Pool *pgxpool.Pool
}

// Adjust moves a balance in a serializable transaction with retries, on
// the request's context.
func (h *BalanceHandler) Adjust(w http.ResponseWriter, r *http.Request) {
	delta, err := strconv.ParseInt(r.FormValue("delta"), 10, 64)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	customer := r.PathValue("id")
	err = pgutil.RetryTx(r.Context(), h.Pool, func(tx pgx.Tx) error {
		_, err := tx.Exec(r.Context(), `UPDATE balances SET amount = amount + $2 WHERE customer_id = $1`, customer, delta)
		return err
	})
	if err != nil {
		http.Error(w, err.Error(), http.StatusConflict)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// Freeze freezes the balance with the company retry helper around a
// transaction, on the request's context.
func (h *BalanceHandler) Freeze(w http.ResponseWriter, r *http.Request) {
	customer := r.PathValue("id")
	err := retry.Do(r.Context(), retry.Policy{Attempts: 3, Base: 20 * time.Millisecond}, func(ctx context.Context) error {
		tx, err := h.Pool.Begin(ctx)
		if err != nil {
			return err
		}
		defer tx.Rollback(ctx)
		if _, err := tx.Exec(ctx, `UPDATE balances SET frozen = true WHERE customer_id = $1`, customer); err != nil {
			return err
		}
		return tx.Commit(ctx)
	})
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
