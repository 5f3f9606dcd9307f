// Package booking starts the payment of a booking (batch 7 sweep). The
// handler opens its transaction, reads the booking, asks the gateway for a
// payment through the generated client and only then stores the payment row
// and moves the booking on. A failed insert or commit leaves a live payment
// at the gateway that the booking does not know about, and the retried
// request asks for another one.
package booking

import (
	"context"
	"database/sql"
	"net/http"
	"strconv"

	"github.com/riverqueue/river"

	"realworld/httpintx/oapi-client-in-tx/gateway"
	"realworld/httpintx/oapi-client-in-tx/store"
)

type Server struct {
	db      *sql.DB
	queries *store.Queries
	gateway gateway.ClientInterface
	jobs    *river.Client[*sql.Tx]
}

func NewServer(db *sql.DB, gw gateway.ClientInterface) *Server {
	return &Server{db: db, queries: store.New(db), gateway: gw}
}

func (s *Server) InitiatePayment(ctx context.Context, bookingID int64) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()

	qtx := s.queries.WithTx(tx)
	total, err := qtx.GetBookingTotal(ctx, bookingID)
	if err != nil {
		return err
	}

	orderID := strconv.FormatInt(bookingID, 10)
	resp, err := s.gateway.PostPaymentInit(ctx, gateway.InitRequest{OrderID: orderID, Amount: total}) // want `HTTP call`
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return sql.ErrConnDone
	}

	if err := qtx.InsertBookingPayment(ctx, bookingID, orderID); err != nil {
		return err
	}
	if err := qtx.UpdateBookingStatus(ctx, "PAYMENT_INITIATED", bookingID); err != nil {
		return err
	}
	return tx.Commit()
}
