// Package http is the inbound HTTP adapter.
package http

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"

	"example.com/corpus/billing/internal/adapters/out/payment"
	"example.com/corpus/billing/internal/db"
	"example.com/corpus/billing/internal/platform/ids"
	"example.com/corpus/billing/internal/platform/pgutil"
	"example.com/corpus/billing/internal/repository"
	"example.com/corpus/billing/internal/usecase"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// PaymentHandler serves POST /payments.
type PaymentHandler struct {
	pool    *pgxpool.Pool
	keys    *repository.IdempotencyKeys
	orders  *repository.Orders
	gateway *payment.Client
	settle  *usecase.SettleOrder
	gw      usecase.PaymentGateway
	log     *slog.Logger
}

// NewPaymentHandler wires the handler.
func NewPaymentHandler(pool *pgxpool.Pool, gw *payment.Client, log *slog.Logger) *PaymentHandler {
	return &PaymentHandler{
		pool:    pool,
		keys:    repository.NewIdempotencyKeys(pool),
		orders:  repository.NewOrders(pool),
		gateway: gw,
		settle:  usecase.NewSettleOrder(gw),
		gw:      gw,
		log:     log,
	}
}

// ChargeRequest is the body of POST /payments.
type ChargeRequest struct {
	OrderID string `json:"order_id"`
}

func hashOf(b []byte) string {
	s := sha256.Sum256(b)
	return hex.EncodeToString(s[:])
}

// Charge claims the incoming key, records the charge request in the outbox in
// one transaction on the request context, and answers 202.
func (h *PaymentHandler) Charge(w http.ResponseWriter, r *http.Request) {
	key := r.Header.Get("Idempotency-Key")
	if key == "" {
		http.Error(w, "Idempotency-Key required", http.StatusBadRequest)
		return
	}
	raw, err := io.ReadAll(io.LimitReader(r.Body, 1<<20))
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	var req ChargeRequest
	if err := json.Unmarshal(raw, &req); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	ok, err := h.keys.TryStart(r.Context(), key, hashOf(raw))
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	if !ok {
		saved, err := h.keys.Find(r.Context(), key)
		switch {
		case err != nil:
			http.Error(w, err.Error(), http.StatusInternalServerError)
		case saved.RequestHash != hashOf(raw):
			http.Error(w, "key reused with a different request", http.StatusConflict)
		case saved.Response == nil:
			http.Error(w, "request in progress", http.StatusConflict)
		default:
			w.WriteHeader(http.StatusOK)
			_, _ = w.Write(saved.Response)
		}
		return
	}
	err = pgutil.InTx(r.Context(), h.pool, func(tx pgx.Tx) error {
		q := db.New(h.pool).WithTx(tx)
		payload, _ := json.Marshal(map[string]string{"order_id": req.OrderID, "idempotency_key": key})
		return q.InsertOutboxEvent(r.Context(), db.InsertOutboxEventParams{
			ID:          ids.NewPaymentID(),
			AggregateID: req.OrderID,
			EventType:   "ChargeRequested",
			Payload:     payload,
		})
	})
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	resp := []byte(`{"status":"accepted"}`)
	if err := h.keys.SaveResponse(r.Context(), key, resp); err != nil {
		h.log.WarnContext(r.Context(), "save response", "error", err)
	}
	w.WriteHeader(http.StatusAccepted)
	_, _ = w.Write(resp)
}

// Settle marks the order settled and captures the payment. The capture runs
// inside the transaction, hidden behind the use case.
func (h *PaymentHandler) Settle(w http.ResponseWriter, r *http.Request) {
	orderID := r.PathValue("id")
	order, err := h.orders.FindByID(r.Context(), orderID)
	if errors.Is(err, repository.ErrNotFound) {
		http.NotFound(w, r)
		return
	}
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	err = pgutil.InTx(r.Context(), h.pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(r.Context(), `UPDATE orders SET status = 'SETTLING' WHERE id = $1`, order.ID); err != nil {
			return err
		}
		chargeID, err := h.settle.Execute(r.Context(), order) // want: httpintx
		if err != nil {
			return err
		}
		_, err = tx.Exec(r.Context(), `UPDATE orders SET status = 'SETTLED', charge_id = $2 WHERE id = $1`, order.ID, chargeID)
		return err
	})
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// SettleViaPort is the same mistake through the PaymentGateway port.
func (h *PaymentHandler) SettleViaPort(w http.ResponseWriter, r *http.Request) {
	orderID := r.PathValue("id")
	tx, err := h.pool.Begin(r.Context())
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	defer tx.Rollback(r.Context())
	if _, err := tx.Exec(r.Context(), `UPDATE orders SET status = 'SETTLING' WHERE id = $1`, orderID); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	if _, err := h.gw.Charge(r.Context(), payment.ChargeCommand{IdempotencyKey: "settle:" + orderID, OrderID: orderID}); err != nil { // want: httpintx (interface dispatch)
		http.Error(w, err.Error(), http.StatusBadGateway)
		return
	}
	if err := tx.Commit(r.Context()); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// Refund records the refund and calls the provider after the commit.
func (h *PaymentHandler) Refund(w http.ResponseWriter, r *http.Request) {
	chargeID := r.PathValue("charge")
	ctx := r.Context()
	tx, err := h.pool.Begin(ctx)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	defer func() { _ = tx.Rollback(ctx) }()
	var amount int64
	if err := tx.QueryRow(ctx, `SELECT amount_kopecks FROM payments WHERE charge_id = $1 FOR UPDATE`, chargeID).Scan(&amount); err != nil {
		http.Error(w, err.Error(), http.StatusNotFound)
		return
	}
	if _, err := tx.Exec(ctx, `UPDATE payments SET status = 'REFUNDING' WHERE charge_id = $1`, chargeID); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	if err := tx.Commit(ctx); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	if err := h.gateway.Refund(ctx, chargeID, amount); err != nil {
		h.log.ErrorContext(ctx, "refund failed; the row stays REFUNDING for the sweeper", "charge_id", chargeID, "error", err)
		http.Error(w, "refund pending", http.StatusAccepted)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// Status proxies a GET to the provider; no transaction involved.
func (h *PaymentHandler) Status(w http.ResponseWriter, r *http.Request) {
	rec, err := h.gateway.Status(r.Context(), r.PathValue("charge"))
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
		return
	}
	_ = json.NewEncoder(w).Encode(rec)
}

// Routes registers the handler's routes.
func (h *PaymentHandler) Routes(mux *http.ServeMux) {
	mux.HandleFunc("POST /payments", h.Charge)
	mux.HandleFunc("POST /orders/{id}/settle", h.Settle)
	mux.HandleFunc("POST /orders/{id}/settle2", h.SettleViaPort)
	mux.HandleFunc("POST /charges/{charge}/refund", h.Refund)
	mux.HandleFunc("GET /charges/{charge}", h.Status)
}
