// Stub of github.com/uptrace/bun v1.2.15 (db.go, query_insert.go): only the declarations used by tests.
package bun

import (
	"context"
	"database/sql"
)

type DB struct{}

type Conn struct {
	db *DB
	*sql.Conn
}

type Tx struct {
	ctx  context.Context
	db   *DB
	name string
	*sql.Tx
}

type InsertQuery struct{}

func (db *DB) NewInsert() *InsertQuery { return nil }

func (db *DB) RunInTx(
	ctx context.Context, opts *sql.TxOptions, fn func(ctx context.Context, tx Tx) error,
) error {
	return nil
}

func (db *DB) Begin() (Tx, error) { return Tx{}, nil }

func (db *DB) BeginTx(ctx context.Context, opts *sql.TxOptions) (Tx, error) { return Tx{}, nil }

func (c Conn) RunInTx(
	ctx context.Context, opts *sql.TxOptions, fn func(ctx context.Context, tx Tx) error,
) error {
	return nil
}

func (tx Tx) Commit() error { return nil }

func (tx Tx) Rollback() error { return nil }

func (tx Tx) NewInsert() *InsertQuery { return nil }

func (tx Tx) RunInTx(
	ctx context.Context, _ *sql.TxOptions, fn func(ctx context.Context, tx Tx) error,
) error {
	return nil
}

func (q *InsertQuery) Model(model interface{}) *InsertQuery { return q }

func (q *InsertQuery) Exec(ctx context.Context, dest ...interface{}) (sql.Result, error) {
	return nil, nil
}
