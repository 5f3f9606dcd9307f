// Package worker consumes through the project's Reader: each message is
// written to Postgres after ReadMessage returned, and a failed write is
// only logged. The group reader behind the interface has already committed
// the offset, so the failed (or cut) write is never redelivered.
package worker

import (
	"context"
	"database/sql"
	"log"

	"realworld/offsetorder/readmessage-behind-wrapper/kafkastore"
)

type Worker struct {
	readers kafkastore.ReaderFactory
	db      *sql.DB
}

func New(db *sql.DB) *Worker { return &Worker{readers: kafkastore.GroupReaders{}, db: db} }

// Consume is the bug: the wrapper's ReadMessage commits before the INSERT.
func (w *Worker) Consume(ctx context.Context) { // want Consume:`durableWork\(kafkastore.ReaderFactory.NewReader\)`
	r := w.readers.NewReader([]string{"kafka:9092"}, "orders-worker", "orders")
	defer r.Close()
	for {
		m, err := r.ReadMessage(ctx) // want `ReadMessage commits the offset as it returns`
		if err != nil {
			if ctx.Err() != nil {
				return
			}
			continue
		}
		if _, err := w.db.ExecContext(ctx, `INSERT INTO orders (payload) VALUES ($1)`, m.Value); err != nil {
			log.Printf("store order: %v", err)
		}
	}
}

// Peek only logs what it reads: committing on read loses nothing durable.
func (w *Worker) Peek(ctx context.Context) { // want Peek:`durableWork\(kafkastore.ReaderFactory.NewReader\)`
	r := w.readers.NewReader([]string{"kafka:9092"}, "orders-peek", "orders")
	defer r.Close()
	for {
		m, err := r.ReadMessage(ctx)
		if err != nil {
			return
		}
		log.Printf("order event: %d bytes", len(m.Value))
	}
}
