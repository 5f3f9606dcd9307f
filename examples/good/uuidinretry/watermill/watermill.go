// Package watermill dedups on the message's own UUID, the same on every
// redelivery.
package watermill

import (
	"database/sql"

	"github.com/ThreeDotsLabs/watermill/message"
)

func Handler(db *sql.DB) message.NoPublishHandlerFunc {
	return func(msg *message.Message) error {
		ctx := msg.Context()
		tx, err := db.BeginTx(ctx, nil)
		if err != nil {
			return err
		}
		defer tx.Rollback()
		res, err := tx.ExecContext(ctx, `INSERT INTO processed_event (event_id) VALUES ($1) ON CONFLICT DO NOTHING`, msg.UUID)
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
