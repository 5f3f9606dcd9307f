// Stub of gorm.io/gorm v1.31.1 (gorm.go, finisher_api.go): only the declarations used by tests.
package gorm

import (
	"context"
	"database/sql"
)

// DB GORM DB definition
type DB struct {
	Error        error
	RowsAffected int64
}

func (db *DB) WithContext(ctx context.Context) *DB { return db }

func (db *DB) Create(value interface{}) (tx *DB) { return db }

func (db *DB) Save(value interface{}) (tx *DB) { return db }

func (db *DB) Exec(sql string, values ...interface{}) (tx *DB) { return db }

func (db *DB) Transaction(fc func(tx *DB) error, opts ...*sql.TxOptions) (err error) { return nil }

func (db *DB) Begin(opts ...*sql.TxOptions) *DB { return db }

func (db *DB) Commit() *DB { return db }

func (db *DB) Rollback() *DB { return db }
