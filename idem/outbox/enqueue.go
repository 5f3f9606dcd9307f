package outbox

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
)

// HeaderEventID is the message header that carries Event.ID.
const HeaderEventID = "event-id"

// Event is one message to publish.
type Event struct {
	// ID identifies the event for consumers' deduplication; it is unique in
	// the outbox. Derive it from the operation (key.For(order.ID,
	// "charge-requested")), so that a retried operation cannot enqueue a
	// second event with a new ID.
	ID      string
	Topic   string
	Key     []byte
	Value   []byte
	Headers map[string]string
}

// Enqueue writes ev to the outbox inside tx, the caller's transaction: the
// event is published if and only if tx commits. An event whose ID is
// already in the outbox is an error (a unique violation) that fails tx.
func Enqueue(ctx context.Context, tx pgx.Tx, ev Event) error {
	if ev.ID == "" || ev.Topic == "" {
		return errors.New("outbox: event needs an ID and a topic")
	}
	headers := ev.Headers
	if headers == nil {
		headers = map[string]string{}
	}
	value := ev.Value
	if value == nil {
		value = []byte{}
	}
	if _, err := tx.Exec(ctx, enqueueQuery, ev.ID, ev.Topic, ev.Key, value, headers); err != nil {
		return fmt.Errorf("outbox: enqueue %s: %w", ev.ID, err)
	}
	return nil
}
