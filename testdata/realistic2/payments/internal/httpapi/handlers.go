// Package httpapi is the payments HTTP API.
package httpapi

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"time"

	"github.com/google/uuid"

	"example.com/corpus2/payments/internal/platform/sqltx"
	"example.com/corpus2/payments/internal/store"
)

// API serves /payments.
type API struct {
	DB       *sql.DB
	Payments *store.Payments
	Claims   *store.Claims
	Log      *slog.Logger
}

type createRequest struct {
	CustomerID  string `json:"customer_id"`
	AmountMinor int64  `json:"amount_minor"`
	Currency    string `json:"currency"`
}

// Routes registers the handlers.
func (a *API) Routes(mux *http.ServeMux) {
	mux.HandleFunc("POST /payments", a.create)
	mux.HandleFunc("POST /payments/{id}/cancel", a.cancel)
	mux.HandleFunc("POST /webhooks/provider", a.webhook)
}

func (a *API) create(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	key := r.Header.Get("Idempotency-Key")
	if key == "" {
		http.Error(w, "Idempotency-Key required", http.StatusBadRequest)
		return
	}
	body, err := io.ReadAll(io.LimitReader(r.Body, 1<<20))
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	sum := sha256.Sum256(body)
	fresh, err := a.Claims.Begin(ctx, store.Claim{Key: key, Scope: "create", RequestHash: hex.EncodeToString(sum[:])})
	if err != nil {
		http.Error(w, "claim failed", http.StatusInternalServerError)
		return
	}
	if !fresh {
		prev, err := a.Claims.Lookup(ctx, key, "create")
		if err != nil || prev == nil || prev.ResponseCode == 0 {
			http.Error(w, "request in progress", http.StatusConflict)
			return
		}
		w.WriteHeader(prev.ResponseCode)
		_, _ = w.Write(prev.ResponseBody)
		return
	}
	var req createRequest
	if err := json.Unmarshal(body, &req); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	// One id per request: the key above is the client's, the row id is ours.
	id, err := a.Payments.Create(ctx, store.Payment{
		ID: uuid.NewString(), CustomerID: req.CustomerID, AmountMinor: req.AmountMinor,
		Currency: req.Currency, IdempotencyKey: key,
	})
	if errors.Is(err, store.ErrDuplicate) {
		http.Error(w, "duplicate", http.StatusConflict)
		return
	}
	if err != nil {
		http.Error(w, "create failed", http.StatusInternalServerError)
		return
	}
	resp, _ := json.Marshal(map[string]string{"id": id})
	_ = a.Claims.Finish(ctx, store.Claim{Key: key, Scope: "create", ResponseCode: http.StatusCreated, ResponseBody: resp})
	w.WriteHeader(http.StatusCreated)
	_, _ = w.Write(resp)
}

// cancel runs its transaction on the request context: a client that goes
// away rolls the cancel back, which is what the API promises.
func (a *API) cancel(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), 5*time.Second)
	defer cancel()
	id := r.PathValue("id")
	err := sqltx.WithTx(ctx, a.DB, func(tx *sql.Tx) error {
		return sqltx.ExpectOne(tx.ExecContext(ctx,
			`UPDATE payments SET status = 'CANCELLED' WHERE id = $1 AND status = 'PENDING'`, id))
	})
	switch {
	case errors.Is(err, sqltx.ErrNotAffected):
		http.Error(w, "not cancellable", http.StatusConflict)
	case err != nil:
		http.Error(w, "cancel failed", http.StatusInternalServerError)
	default:
		w.WriteHeader(http.StatusNoContent)
	}
}

type webhookEvent struct {
	ID        string `json:"id"`
	PaymentID string `json:"payment_id"`
	Status    string `json:"status"`
}

func (a *API) webhook(w http.ResponseWriter, r *http.Request) {
	var ev webhookEvent
	if err := json.NewDecoder(r.Body).Decode(&ev); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	// The provider retries on anything but 2xx: finish the write even if the
	// provider hangs up, but not forever.
	ctx, cancel := context.WithTimeout(context.WithoutCancel(r.Context()), 10*time.Second)
	defer cancel()
	if err := a.Payments.ApplyWebhook(ctx, ev.ID, ev.PaymentID, ev.Status); err != nil {
		a.Log.Error("webhook", "event", ev.ID, "err", err)
		http.Error(w, "retry later", http.StatusServiceUnavailable)
		return
	}
	w.WriteHeader(http.StatusOK)
}
