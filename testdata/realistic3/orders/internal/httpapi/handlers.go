package httpapi

import (
	"encoding/json"
	"errors"
	"net/http"

	"example.com/corpus3/orders/internal/app"
	"example.com/corpus3/orders/internal/domain"
)

// Handlers serves the orders API.
type Handlers struct {
	Orders *app.Orders
}

// Routes returns the mux with the idempotency middleware on the writes.
func (h *Handlers) Routes(store domain.IdempotencyStore, mw func(http.Handler) http.Handler) http.Handler {
	mux := http.NewServeMux()
	mux.Handle("POST /v1/orders", mw(http.HandlerFunc(h.place)))
	mux.Handle("POST /v2/orders", mw(http.HandlerFunc(h.placeOutbox)))
	mux.Handle("POST /v1/orders/{id}/pay", mw(http.HandlerFunc(h.pay)))
	mux.Handle("POST /internal/orders/{id}/pay-locked", mw(http.HandlerFunc(h.payLocked)))
	mux.HandleFunc("GET /v1/orders/{id}/price", h.price)
	return mux
}

func (h *Handlers) place(w http.ResponseWriter, r *http.Request) {
	var req app.PlaceRequest
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	o, err := h.Orders.Place(r.Context(), req)
	writeResult(w, o, err)
}

func (h *Handlers) placeOutbox(w http.ResponseWriter, r *http.Request) {
	var req app.PlaceRequest
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	o, err := h.Orders.PlaceWithOutbox(r.Context(), req)
	writeResult(w, o, err)
}

func (h *Handlers) pay(w http.ResponseWriter, r *http.Request) {
	res, err := h.Orders.PayOutside(r.Context(), r.PathValue("id"))
	writeResult(w, res, err)
}

// payLocked is the back-office path that still uses the locking version.
func (h *Handlers) payLocked(w http.ResponseWriter, r *http.Request) {
	res, err := h.Orders.Pay(r.Context(), r.PathValue("id"))
	writeResult(w, res, err)
}

func (h *Handlers) price(w http.ResponseWriter, r *http.Request) {
	amount, err := h.Orders.PriceIn(r.Context(), r.PathValue("id"), r.URL.Query().Get("currency"))
	writeResult(w, map[string]int64{"amount": amount}, err)
}

func writeResult(w http.ResponseWriter, v any, err error) {
	switch {
	case errors.Is(err, domain.ErrNotFound):
		http.Error(w, "not found", http.StatusNotFound)
	case errors.Is(err, domain.ErrAlreadyPaid):
		http.Error(w, "already paid", http.StatusConflict)
	case err != nil:
		http.Error(w, "internal error", http.StatusInternalServerError)
	default:
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(v)
	}
}
