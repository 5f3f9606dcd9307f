// Stub of gorm.io/gorm v1.31.1 (chainable_api.go, finisher_api.go, model.go): only the
// declarations used by the checkthenact tests.
package gorm

import (
	"errors"
	"time"

	"gorm.io/gorm/clause"
)

func (db *DB) Where(query interface{}, args ...interface{}) (tx *DB) { return db }

func (db *DB) Model(value interface{}) (tx *DB) { return db }

func (db *DB) Table(name string, args ...interface{}) (tx *DB) { return db }

func (db *DB) Clauses(conds ...clause.Expression) (tx *DB) { return db }

func (db *DB) First(dest interface{}, conds ...interface{}) (tx *DB) { return db }

func (db *DB) Take(dest interface{}, conds ...interface{}) (tx *DB) { return db }

func (db *DB) Find(dest interface{}, conds ...interface{}) (tx *DB) { return db }

func (db *DB) Count(count *int64) (tx *DB) { return db }

// Model a basic GoLang struct which includes the following fields: ID, CreatedAt, UpdatedAt, DeletedAt
type Model struct {
	ID        uint `gorm:"primarykey"`
	CreatedAt time.Time
	UpdatedAt time.Time
}

// ErrRecordNotFound record not found error
var ErrRecordNotFound = errors.New("record not found")
