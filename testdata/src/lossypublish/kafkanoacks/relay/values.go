package relay

import (
	"context"

	"github.com/jackc/pgx/v5"

	"lossypublish/kafkanoacks/producer"
)

// Relay keeps its publish as a function value (calls.Derived resolves it
// to the method value stored in it: the producer's Publishes fact).
type Relay struct {
	publish func(ctx context.Context, key, value []byte) error
}

func NewRelay(p *producer.Producer) *Relay { return &Relay{publish: p.Publish} }

func (r *Relay) Process(ctx context.Context, tx pgx.Tx, events []Event, ids []string) error {
	for _, e := range events {
		if err := r.publish(ctx, e.Key, e.Payload); err != nil { // want `relay marks rows published \(DELETE, line 25\) after producer.\(\*Producer\).Publish → WriteMessages on a writer without RequiredAcks`
			return err
		}
	}
	if _, err := tx.Exec(ctx, "DELETE FROM outbox WHERE event_id = ANY($1)", ids); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// SafeRelay's function value holds a function that publishes nothing
// lossy.
type SafeRelay struct {
	publish func(ctx context.Context, key, value []byte) error
}

func send(ctx context.Context, key, value []byte) error { return nil }

func NewSafeRelay() *SafeRelay { return &SafeRelay{publish: send} }

func (r *SafeRelay) Process(ctx context.Context, tx pgx.Tx, events []Event, ids []string) error {
	for _, e := range events {
		if err := r.publish(ctx, e.Key, e.Payload); err != nil {
			return err
		}
	}
	if _, err := tx.Exec(ctx, "DELETE FROM outbox WHERE event_id = ANY($1)", ids); err != nil {
		return err
	}
	return tx.Commit(ctx)
}
