// Package tasks ships paid orders from an asynq task (batch 6 sweep: an
// order service). The task books the shipment, then stores its ID; when the
// update fails (or the POST times out after the courier booked it), asynq
// runs the task again and a second shipment is booked: the POST carries no
// idempotency key.
package tasks

import (
	"context"
	"database/sql"

	"github.com/hibiken/asynq"

	"realworld/uuidinretry/asynq-post-fiber-agent/shipper"
)

type Shipping struct {
	db      *sql.DB
	shipper *shipper.Client
}

func (s *Shipping) Register(mux *asynq.ServeMux) {
	mux.HandleFunc("orders:shipping", s.Ship)
}

func (s *Shipping) Ship(ctx context.Context, t *asynq.Task) error { // want Ship:`sendsUnkeyedWrite\(POST via shipper\.\(\*Client\)\.CreateShipment → fiber\.\(\*Agent\)\.Bytes\)`
	orderID := string(t.Payload())
	shipmentID, err := s.shipper.CreateShipment(ctx, orderID) // want `sets no Idempotency-Key header`
	if err != nil {
		return err
	}
	_, err = s.db.ExecContext(ctx, `UPDATE orders SET shipping_id = $1, status = 'in_progress' WHERE id = $2`, shipmentID, orderID)
	return err
}
