// Stub of gorm.io/gorm v1.31.1 (chainable_api.go, finisher_api.go): the declarations an
// outbox relay written with GORM uses (realworld lossypublish cases).
package gorm

func (db *DB) Order(value interface{}) (tx *DB) { return db }

func (db *DB) Limit(limit int) (tx *DB) { return db }

func (db *DB) Update(column string, value interface{}) (tx *DB) { return db }

func (db *DB) Updates(values interface{}) (tx *DB) { return db }
