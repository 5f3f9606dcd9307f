// Stub of github.com/jmoiron/sqlx v1.4.0 (sqlx.go, sqlx_context.go): only the declarations used by tests.
package sqlx

import (
	"context"
	"database/sql"
)

// DB is a wrapper around sql.DB which keeps track of the driverName upon Open.
type DB struct {
	*sql.DB
}

// Tx is an sqlx wrapper around sql.Tx with extra functionality
type Tx struct {
	*sql.Tx
}

func (db *DB) MustBegin() *Tx { return nil }

func (db *DB) Beginx() (*Tx, error) { return nil, nil }

func (db *DB) BeginTxx(ctx context.Context, opts *sql.TxOptions) (*Tx, error) { return nil, nil }
