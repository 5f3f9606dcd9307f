// Package database wraps the pool: Begin and Commit take the context.
package database

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

type DB struct {
	Pool *pgxpool.Pool
}

func (db *DB) Begin(ctx context.Context) (pgx.Tx, error) {
	return db.Pool.Begin(ctx)
}

func (db *DB) Commit(ctx context.Context, tx pgx.Tx) error { // want Commit:"reachesSink p0:tx.Commit"
	return tx.Commit(ctx)
}
