// Package readwrapper consumes through the project's reader wrappers:
// a wrapper over a group reader commits as it returns, like ReadMessage.
package readwrapper

import (
	"context"
	"database/sql"
	"log"

	"offsetorder/readwrapper/partition"
	"offsetorder/readwrapper/reader"
)

// Bad: the wrapper's ReadMessage committed before the INSERT.
func Concrete(ctx context.Context, db *sql.DB) { // want Concrete:"durableWork"
	r := reader.NewGroup("orders-worker", "orders")
	for {
		m, err := r.Next(ctx) // want `\(\*reader.Group\).Next → \(\*kafka.Reader\).ReadMessage commits the offset as it returns \(the package's ReaderConfig has a GroupID\), before \(\*sql.DB\).ExecContext`
		if err != nil {
			return
		}
		if _, err := db.ExecContext(ctx, `INSERT INTO orders (payload) VALUES ($1)`, m.Value); err != nil {
			log.Printf("store: %v", err)
		}
	}
}

// Bad: the same through the project's interface.
func ViaInterface(ctx context.Context, r reader.Reader, db *sql.DB) { // want ViaInterface:"durableWork"
	for {
		m, err := r.Next(ctx) // want `reader.Reader.Next → \(\*kafka.Reader\).ReadMessage commits the offset as it returns`
		if err != nil {
			return
		}
		if _, err := db.ExecContext(ctx, `INSERT INTO orders (payload) VALUES ($1)`, m.Value); err != nil {
			return
		}
	}
}

// Good: nothing durable after the read.
func Peek(ctx context.Context, r *reader.Group) {
	for {
		m, err := r.Next(ctx)
		if err != nil {
			return
		}
		log.Printf("%d bytes", len(m.Value))
	}
}

// Good: a partition reader's wrapper commits nothing.
func Partition(ctx context.Context, db *sql.DB) { // want Partition:"durableWork"
	r := partition.New("orders")
	for {
		m, err := r.Next(ctx)
		if err != nil {
			return
		}
		if _, err := db.ExecContext(ctx, `INSERT INTO orders (payload) VALUES ($1)`, m.Value); err != nil {
			return
		}
	}
}

// Good: Drain handles the message itself before reading the next.
func Drained(ctx context.Context, db *sql.DB) error { // want Drained:"durableWork"
	r := reader.NewGroup("orders-drain", "orders")
	return r.Drain(ctx, func(v []byte) error {
		_, err := db.ExecContext(ctx, `INSERT INTO orders (payload) VALUES ($1)`, v)
		return err
	})
}
