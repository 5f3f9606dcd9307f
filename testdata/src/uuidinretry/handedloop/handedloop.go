// Package handedloop holds Kafka handlers run per message by consume loops
// they are handed to (package bus, and a loop of this package), or called
// from a delivery loop of this package.
package handedloop

import (
	"context"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/segmentio/kafka-go"

	"uuidinretry/handedloop/bus"
)

type Event struct {
	DedupKey string
	Payload  []byte
}

type store interface {
	Apply(ctx context.Context, e Event) error
}

type worker struct {
	c    *bus.Consumer
	s    store
	pool *pgxpool.Pool
}

// Bad: Handle makes the dedup key per delivery; bus.Consumer.Run runs it
// per message and commits after it, so a failure redelivers the message.
func (w *worker) Run(ctx context.Context) error {
	return w.c.Run(ctx, w.Handle)
}

func (w *worker) Handle(ctx context.Context, m kafka.Message) error { // want Handle:"makesFreshID\\(uuid.NewString\\)"
	return w.s.Apply(ctx, Event{DedupKey: uuid.NewString(), Payload: m.Value}) // want `uuid.NewString in the handling of one Kafka delivery \(\(\*worker\).Handle run per message by bus.\(\*Consumer\).Run\) makes a new key per redelivery and it reaches field DedupKey`
}

// Bad: the same with a literal, converted to the loop's handler type.
func (w *worker) RunLit(ctx context.Context) error {
	return w.c.Run(ctx, bus.Handler(func(ctx context.Context, m kafka.Message) error {
		return w.s.Apply(ctx, Event{DedupKey: uuid.NewString(), Payload: m.Value}) // want `uuid.NewString in the handling of one Kafka delivery \(func literal run per message by bus.\(\*Consumer\).Run\)`
	}))
}

// Good: the key comes from the message.
func (w *worker) RunKeyed(ctx context.Context) error {
	return w.c.Run(ctx, w.handleKeyed)
}

func (w *worker) handleKeyed(ctx context.Context, m kafka.Message) error {
	return w.s.Apply(ctx, Event{DedupKey: string(m.Key), Payload: m.Value})
}

// Good: AckFirst commits before the handler runs; nothing is redelivered.
func (w *worker) RunAckFirst(ctx context.Context) error {
	return w.c.AckFirst(ctx, w.handleAckedFirst)
}

func (w *worker) handleAckedFirst(ctx context.Context, m kafka.Message) error { // want handleAckedFirst:"makesFreshID\\(uuid.NewString\\)"
	return w.s.Apply(ctx, Event{DedupKey: uuid.NewString(), Payload: m.Value})
}

// Good: Async commits without waiting for the handler.
func (w *worker) RunAsync(ctx context.Context) error {
	return w.c.Async(ctx, w.handleAsync)
}

func (w *worker) handleAsync(ctx context.Context, m kafka.Message) error { // want handleAsync:"makesFreshID\\(uuid.NewString\\)"
	return w.s.Apply(ctx, Event{DedupKey: uuid.NewString(), Payload: m.Value})
}

// Good: Keep never calls the handler.
func (w *worker) Register() {
	w.c.Keep(w.handleKept)
}

func (w *worker) handleKept(ctx context.Context, m kafka.Message) error { // want handleKept:"makesFreshID\\(uuid.NewString\\)"
	return w.s.Apply(ctx, Event{DedupKey: uuid.NewString(), Payload: m.Value})
}

// Bad: a delivery loop of this package calls handle with the message.
func loop(ctx context.Context, r *kafka.Reader, s store) error {
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := handle(ctx, m, s); err != nil {
			return err
		}
		if err := r.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
}

func handle(ctx context.Context, m kafka.Message, s store) error {
	return s.Apply(ctx, Event{DedupKey: uuid.NewString(), Payload: m.Value}) // want `uuid.NewString in the handling of one Kafka delivery \(handle called with the message in the loop of kafka.\(\*Reader\).FetchMessage\)`
}

// Bad: a consume loop of this package that runs its handler parameter.
func consumeAll(ctx context.Context, r *kafka.Reader, h func(context.Context, kafka.Message) error) error {
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := h(ctx, m); err != nil {
			return err
		}
		if err := r.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
}

func startLocal(ctx context.Context, r *kafka.Reader, s store) error {
	return consumeAll(ctx, r, func(ctx context.Context, m kafka.Message) error {
		return s.Apply(ctx, Event{DedupKey: uuid.NewString(), Payload: m.Value}) // want `uuid.NewString in the handling of one Kafka delivery \(func literal run per message by consumeAll\)`
	})
}

// Good: the handler is an inbox-gated unit: it claims the message's key
// and skips a duplicate in the transaction that writes the outbox row
// carrying the key made here, so the row (and its key) exists once.
func (w *worker) RunGated(ctx context.Context) error {
	return w.c.Run(ctx, w.handleGated)
}

func (w *worker) handleGated(ctx context.Context, m kafka.Message) error { // want handleGated:"makesFreshID\\(uuid.NewString\\)"
	tx, err := w.pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	tag, err := tx.Exec(ctx, `INSERT INTO processed_event (event_id) VALUES ($1) ON CONFLICT DO NOTHING`, string(m.Key))
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		return nil
	}
	e := Event{DedupKey: uuid.NewString(), Payload: m.Value}
	if _, err := tx.Exec(ctx, `INSERT INTO outbox (dedup_key, payload) VALUES ($1, $2)`, e.DedupKey, e.Payload); err != nil {
		return err
	}
	return tx.Commit(ctx)
}
