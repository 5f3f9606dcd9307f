package franz

import (
	"context"
	"database/sql"

	"github.com/twmb/franz-go/pkg/kgo"
)

type Relay struct {
	db *sql.DB
	cl *kgo.Client
}

func NewRelay(db *sql.DB) (*Relay, error) {
	cl, err := kgo.NewClient(
		kgo.SeedBrokers("kafka:9092"),
		kgo.RequiredAcks(kgo.NoAck()),
		kgo.DisableIdempotentWrite(),
	)
	if err != nil {
		return nil, err
	}
	return &Relay{db: db, cl: cl}, nil
}

func (r *Relay) sync(ctx context.Context, id int64, rec *kgo.Record) error {
	if err := r.cl.ProduceSync(ctx, rec).FirstErr(); err != nil { // want `relay marks rows published \(UPDATE, line 31\) after ProduceSync on a producer that requires no acks \(relay.go:18\): with NoAck the broker never answers`
		return err
	}
	_, err := r.db.ExecContext(ctx, "UPDATE outbox SET published = true WHERE id = $1", id)
	return err
}

type Plain struct {
	db *sql.DB
	cl *kgo.Client
}

func (p *Plain) fireAndForget(ctx context.Context, id int64, rec *kgo.Record) error {
	p.cl.Produce(ctx, rec, nil) // want `relay marks rows published \(UPDATE, line 42\) after Produce whose promise ignores the error`
	_, err := p.db.ExecContext(ctx, "UPDATE outbox SET published = true WHERE id = $1", id)
	return err
}

func (p *Plain) ignoredPromise(ctx context.Context, id int64, rec *kgo.Record) error {
	p.cl.Produce(ctx, rec, func(r *kgo.Record, err error) {}) // want `after Produce whose promise ignores the error`
	_, err := p.db.ExecContext(ctx, "UPDATE outbox SET published = true WHERE id = $1", id)
	return err
}
