// Package twodown reaches the commit two calls down, and through a method value.
package twodown

import (
	"context"

	"github.com/jackc/pgx/v5"
)

type Store struct{ conn *pgx.Conn }

func commitBatch(ctx context.Context, tx pgx.Tx) error {
	return tx.Commit(ctx) // want `ctx is cancelled on shutdown \(stop signal ctx\.Done\(\) at twodown\.go:27, via Loop → save\) and reaches tx\.Commit: SIGTERM rolls the batch back`
}

func (s *Store) save(ctx context.Context) error { // want save:"reachesSink p0:commitBatch→tx.Commit"
	tx, err := s.conn.Begin(ctx)
	if err != nil {
		return err
	}
	return commitBatch(ctx, tx)
}

func (s *Store) Loop(ctx context.Context) {
	for {
		select {
		case <-ctx.Done():
			return
		default:
		}
		_ = s.save(ctx)
	}
}

func (s *Store) LoopMethodValue(ctx context.Context) {
	step := s.save
	for {
		select {
		case <-ctx.Done():
			return
		default:
		}
		_ = step(ctx)
	}
}

// Recursive functions neither loop nor panic.
func recurse(ctx context.Context, tx pgx.Tx, n int) error {
	if n == 0 {
		return tx.Commit(ctx)
	}
	return recurse(ctx, tx, n-1)
}

// A function value of unknown origin is not followed.
func callUnknown(ctx context.Context, f func(context.Context) error) error {
	for {
		select {
		case <-ctx.Done():
			return nil
		default:
		}
		_ = f(ctx)
	}
}

// Generic helpers are summarised through their origin.
func commitAll[T any](ctx context.Context, tx pgx.Tx, items []T) error {
	return tx.Commit(ctx) // want `ctx is cancelled on shutdown \(stop signal ctx\.Err\(\) at twodown\.go:79, via LoopGeneric\) and reaches tx\.Commit: SIGTERM rolls the transaction back`
}

type Batch[T any] struct{ items []T }

func (b *Batch[T]) Flush(ctx context.Context, tx pgx.Tx) error { // want Flush:"reachesSink p0:commitAll→tx.Commit"
	return commitAll(ctx, tx, b.items)
}

func (s *Store) LoopGeneric(ctx context.Context, tx pgx.Tx, b *Batch[string]) {
	for ctx.Err() == nil {
		_ = commitAll(ctx, tx, []int{1})
		_ = b.Flush(ctx, tx)
	}
}
