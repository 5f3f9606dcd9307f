// Package watermill dedups on a key minted in the handler: the router
// redelivers a message whose handler failed, the key is new each time, and
// the processed-event row never matches.
package watermill

import (
	"database/sql"

	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/google/uuid"
)

func Handler(db *sql.DB) message.NoPublishHandlerFunc {
	return func(msg *message.Message) error {
		ctx := msg.Context()
		tx, err := db.BeginTx(ctx, nil)
		if err != nil {
			return err
		}
		defer tx.Rollback()
		eventID := uuid.NewString() // want: uuidinretry
		res, err := tx.ExecContext(ctx, `INSERT INTO processed_event (event_id) VALUES ($1) ON CONFLICT DO NOTHING`, eventID)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return nil
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO invoices (payload) VALUES ($1)`, []byte(msg.Payload)); err != nil {
			return err
		}
		return tx.Commit()
	}
}
