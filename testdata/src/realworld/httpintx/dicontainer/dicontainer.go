// Package dicontainer: the shape discopedtx simplifies, as the service
// wires it. A string-keyed container of the project builds, once per
// message, a transaction (a scoped factory that calls db.Begin), the
// repositories on it (c.Get(key).(*sql.Tx) handed to their constructors)
// and the handler on them; the middleware fetches the transaction and the
// handler from the per-message scope, runs the handler and commits in a
// deferred closure. The repository's cache-miss fallback asks another
// service over gRPC while that transaction is open.
package dicontainer

import (
	"context"
	"database/sql"
	"errors"

	"google.golang.org/grpc"
)

// Container is the project's dependency container: values by key, built
// by factories, once per scope.
type Container interface {
	AddScoped(key string, fn func(c Container) (any, error))
	Get(key string) any
	Scoped(ctx context.Context) context.Context
}

// Get returns the value key has in the scope ctx carries.
func Get(ctx context.Context, key string) any { return ctx.Value(scopeKey{}).(Container).Get(key) }

type scopeKey struct{}

// DB is what the repositories need; *sql.Tx satisfies it.
type DB interface {
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
}

type Store struct{ ID, Name string }

type StoreSource interface {
	Find(ctx context.Context, id string) (*Store, error)
}

type grpcStores struct{ cc grpc.ClientConnInterface }

func (g grpcStores) Find(ctx context.Context, id string) (*Store, error) {
	out := &Store{ID: id}
	return out, g.cc.Invoke(ctx, "/stores.Stores/GetStore", id, out)
}

type StoreCache struct {
	db       DB
	fallback StoreSource
}

func NewStoreCache(db DB, fallback StoreSource) StoreCache { // want NewStoreCache:"readsOnly"
	return StoreCache{db: db, fallback: fallback}
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
	s, err = r.fallback.Find(ctx, id) // want `gRPC call .*inside the transaction`
	if err != nil {
		return nil, err
	}
	_, err = r.db.ExecContext(ctx, "INSERT INTO stores_cache (id, name) VALUES ($1, $2)", s.ID, s.Name)
	return s, err
}

type Message struct{ ID, StoreID string }

type Handler interface {
	Handle(ctx context.Context, m Message) error
}

type handler struct{ stores StoreCache }

func (h handler) Handle(ctx context.Context, m Message) error {
	_, err := h.stores.Find(ctx, m.StoreID)
	return err
}

// Wire registers the per-message scope.
func Wire(c Container, db *sql.DB, cc grpc.ClientConnInterface) {
	c.AddScoped("tx", func(c Container) (any, error) {
		return db.Begin()
	})
	c.AddScoped("stores", func(c Container) (any, error) {
		return NewStoreCache(c.Get("tx").(*sql.Tx), grpcStores{cc: cc}), nil
	})
	c.AddScoped("handler", func(c Container) (any, error) {
		return handler{stores: c.Get("stores").(StoreCache)}, nil
	})
}

// InTx is the middleware: the scope's transaction is committed or rolled
// back after the scope's handler ran.
func InTx(c Container) func(ctx context.Context, m Message) error {
	return func(ctx context.Context, m Message) (err error) {
		ctx = c.Scoped(ctx)
		defer func(tx *sql.Tx) {
			if err != nil {
				_ = tx.Rollback()
				return
			}
			err = tx.Commit()
		}(Get(ctx, "tx").(*sql.Tx))
		return Get(ctx, "handler").(Handler).Handle(ctx, m)
	}
}
