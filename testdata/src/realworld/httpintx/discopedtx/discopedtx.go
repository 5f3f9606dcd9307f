// Package discopedtx: a message middleware begins the transaction and hands
// it to a handler built per message (a DI scope); the handler's repository
// keeps the transaction in a field typed by a small DB interface, and on a
// cache miss asks another service over gRPC before filling the cache. The
// gRPC read runs while the message transaction (inbox row, writes) is open.
package discopedtx

import (
	"context"
	"database/sql"
	"errors"

	"google.golang.org/grpc"
)

// DB is what the repositories need; *sql.DB and *sql.Tx both satisfy it.
type DB interface {
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
}

type Store struct{ ID, Name string }

// StoreSource is the fallback: the stores service.
type StoreSource interface {
	Find(ctx context.Context, id string) (*Store, error)
}

type grpcStores struct{ cc grpc.ClientConnInterface }

func (g grpcStores) Find(ctx context.Context, id string) (*Store, error) {
	out := &Store{ID: id}
	if err := g.cc.Invoke(ctx, "/stores.Stores/GetStore", id, out); err != nil {
		return nil, err
	}
	return out, nil
}

// StoreCache reads the local copy and falls back to the stores service.
type StoreCache struct {
	db       DB
	fallback StoreSource
}

func (r StoreCache) Find(ctx context.Context, id string) (*Store, error) {
	s := &Store{ID: id}
	err := r.db.QueryRowContext(ctx, "SELECT name FROM stores_cache WHERE id = $1", id).Scan(&s.Name)
	if err == nil {
		return s, nil
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return nil, err
	}
	s, err = r.fallback.Find(ctx, id)
	if err != nil {
		return nil, err
	}
	_, err = r.db.ExecContext(ctx, "INSERT INTO stores_cache (id, name) VALUES ($1, $2) ON CONFLICT DO NOTHING", s.ID, s.Name)
	return s, err
}

type Message struct{ ID, StoreID string }

type Handler interface {
	Handle(ctx context.Context, m Message) error
}

type shoppingHandler struct {
	stores StoreCache
	db     DB
}

func (h shoppingHandler) Handle(ctx context.Context, m Message) error {
	if _, err := h.stores.Find(ctx, m.StoreID); err != nil {
		return err
	}
	_, err := h.db.ExecContext(ctx, "INSERT INTO shopping_lists (id, store_id) VALUES ($1, $2)", m.ID, m.StoreID)
	return err
}

// Scope builds the per-message object graph around one transaction.
type Scope struct {
	cc grpc.ClientConnInterface
}

func (s Scope) Handler(tx *sql.Tx) Handler { // want Handler:"readsOnly"
	return shoppingHandler{stores: StoreCache{db: tx, fallback: grpcStores{cc: s.cc}}, db: tx}
}

// InTx is the middleware: begin, run the scoped handler, commit or roll back.
func InTx(db *sql.DB, scope Scope) func(ctx context.Context, m Message) error {
	return func(ctx context.Context, m Message) (err error) {
		tx, err := db.Begin()
		if err != nil {
			return err
		}
		defer func() {
			if err != nil {
				_ = tx.Rollback()
				return
			}
			err = tx.Commit()
		}()
		if _, err = tx.ExecContext(ctx, "INSERT INTO inbox (id) VALUES ($1)", m.ID); err != nil {
			return err
		}
		return scope.Handler(tx).Handle(ctx, m) // want `gRPC call .*inside the transaction`
	}
}
