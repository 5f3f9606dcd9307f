package orders

import (
	"encoding/json"
	"errors"
	"net/http"
	"strconv"

	"github.com/jmoiron/sqlx"
)

// Routes registers the order endpoints on mux.
func (s *Service) Routes(mux *http.ServeMux) {
	mux.HandleFunc("POST /v1/orders", s.handlePlace)
	mux.HandleFunc("POST /v2/orders", s.handlePlaceV2)
	mux.HandleFunc("POST /v1/orders/{id}/reserve", s.handleReserve)
	mux.HandleFunc("GET /v1/stock/{sku}", s.handleAvailability)
	mux.HandleFunc("POST /v1/orders/{id}/pay", s.handlePay)
	mux.HandleFunc("POST /v1/orders/{id}/express", s.handleExpress)
	mux.HandleFunc("POST /v1/orders/{id}/gift/{code}", s.handleGift)
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

func pathID(r *http.Request) (int64, error) { return strconv.ParseInt(r.PathValue("id"), 10, 64) }

func (s *Service) handlePlace(w http.ResponseWriter, r *http.Request) {
	var in PlaceInput
	if err := json.NewDecoder(r.Body).Decode(&in); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	o, err := s.Place(r.Context(), in)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	writeJSON(w, http.StatusCreated, o)
}

func (s *Service) handlePlaceV2(w http.ResponseWriter, r *http.Request) {
	var in PlaceInput
	if err := json.NewDecoder(r.Body).Decode(&in); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	o, err := s.PlaceV2(r.Context(), in)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	writeJSON(w, http.StatusCreated, o)
}

func (s *Service) handleReserve(w http.ResponseWriter, r *http.Request) {
	id, err := pathID(r)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	var in struct {
		SKU string `json:"sku"`
		Qty int    `json:"qty"`
	}
	if err := json.NewDecoder(r.Body).Decode(&in); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	switch err := s.Reserve(r.Context(), id, in.SKU, in.Qty); {
	case errors.Is(err, ErrOutOfStock):
		http.Error(w, err.Error(), http.StatusConflict)
	case err != nil:
		http.Error(w, err.Error(), http.StatusInternalServerError)
	default:
		w.WriteHeader(http.StatusNoContent)
	}
}

func (s *Service) handleAvailability(w http.ResponseWriter, r *http.Request) {
	local, remote, err := s.Availability(r.Context(), r.PathValue("sku"))
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
		return
	}
	writeJSON(w, http.StatusOK, map[string]int{"local": local, "warehouse": remote})
}

func (s *Service) order(r *http.Request) (Order, error) {
	id, err := pathID(r)
	if err != nil {
		return Order{}, err
	}
	var o Order
	err = s.uow.ReadOnly(r.Context(), func(tx *sqlx.Tx) error {
		var err error
		o, err = getOne[Order](r.Context(), tx, `SELECT * FROM orders WHERE id = $1`, id)
		return err
	})
	return o, err
}

func (s *Service) handlePay(w http.ResponseWriter, r *http.Request) {
	o, err := s.order(r)
	if err != nil {
		http.Error(w, err.Error(), http.StatusNotFound)
		return
	}
	rc, err := s.Pay(r.Context(), o)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
		return
	}
	writeJSON(w, http.StatusOK, rc)
}

func (s *Service) handleExpress(w http.ResponseWriter, r *http.Request) {
	o, err := s.order(r)
	if err != nil {
		http.Error(w, err.Error(), http.StatusNotFound)
		return
	}
	rc, err := s.PayExpress(r.Context(), o)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
		return
	}
	writeJSON(w, http.StatusOK, rc)
}

func (s *Service) handleGift(w http.ResponseWriter, r *http.Request) {
	id, err := pathID(r)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	applied, err := s.RedeemGift(r.Context(), id, r.PathValue("code"))
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	writeJSON(w, http.StatusOK, map[string]bool{"applied": applied})
}
