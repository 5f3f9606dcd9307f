// Package watermill acks each message before it is handled: the router
// takes the ack as done, so a crash during the write loses the message.
package watermill

import (
	"database/sql"
	"encoding/json"

	"github.com/ThreeDotsLabs/watermill/message"
)

type OrderPlaced struct {
	OrderID string `json:"order_id"`
}

func Handler(db *sql.DB) message.NoPublishHandlerFunc {
	return func(msg *message.Message) error {
		msg.Ack() // want: offsetorder
		var ev OrderPlaced
		if err := json.Unmarshal(msg.Payload, &ev); err != nil {
			return err
		}
		_, err := db.ExecContext(msg.Context(), `INSERT INTO invoices (order_id) VALUES ($1)`, ev.OrderID)
		return err
	}
}
