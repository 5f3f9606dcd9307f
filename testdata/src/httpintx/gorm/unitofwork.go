package gorm

import (
	"net/http"

	"gorm.io/gorm"
)

// UnitOfWork keeps GORM's transaction (a *gorm.DB like the pool) in a
// field, begun by its Begin method.
type UnitOfWork struct {
	db *gorm.DB
	tx *gorm.DB
}

func (u *UnitOfWork) Begin() { u.tx = u.db.Begin() }

func (u *UnitOfWork) Commit() error { return u.tx.Commit().Error }

func (u *UnitOfWork) Rollback() { u.tx.Rollback() }

func PayInUnit(u *UnitOfWork, url string) error {
	u.Begin()
	defer u.Rollback()
	if err := u.tx.Create(&Order{ID: "o1"}).Error; err != nil {
		return err
	}
	if _, err := http.Get(url); err != nil { // want `HTTP call http\.Get inside the transaction begun at unitofwork\.go:23`
		return err
	}
	return u.Commit()
}

// Good: the call after the unit of work commits.
func PayAfterUnit(u *UnitOfWork, url string) error {
	u.Begin()
	defer u.Rollback()
	if err := u.tx.Create(&Order{ID: "o1"}).Error; err != nil {
		return err
	}
	if err := u.Commit(); err != nil {
		return err
	}
	_, err := http.Get(url)
	return err
}
