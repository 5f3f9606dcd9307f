// Package relay publishes outbox rows through a producer of another
// package and deletes them afterwards.
package relay

import (
	"context"

	"github.com/jackc/pgx/v5"

	"lossypublish/kafkanoacks/producer"
)

type Event struct {
	ID      string
	Key     []byte
	Payload []byte
}

func Process(ctx context.Context, tx pgx.Tx, p *producer.Producer, events []Event, ids []string) error {
	for _, e := range events {
		if err := p.Publish(ctx, e.Key, e.Payload); err != nil { // want `relay marks rows published \(DELETE, line 26\) after producer.\(\*Producer\).Publish → WriteMessages on a writer without RequiredAcks \(zero value RequireNone: acks=0\) \(producer.go:16\): with acks=0 the broker never answers`
			return err
		}
	}
	deleteQuery := "DELETE FROM outbox WHERE event_id = ANY($1)"
	if _, err := tx.Exec(ctx, deleteQuery, ids); err != nil {
		return err
	}
	return tx.Commit(ctx)
}
