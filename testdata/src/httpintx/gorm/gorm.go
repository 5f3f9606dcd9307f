package gorm

import (
	"context"
	"net/http"

	"gorm.io/gorm"
)

type Order struct{ ID string }

// Callback: the HTTP call runs inside the transaction Transaction opens.
func PayInCallback(ctx context.Context, db *gorm.DB, url string) error {
	return db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Create(&Order{ID: "o1"}).Error; err != nil {
			return err
		}
		_, err := http.Post(url, "application/json", nil) // want `HTTP call http\.Post inside the transaction begun at gorm\.go:14`
		return err
	})
}

// Begin/Commit: the call between them holds the transaction open.
func PayBetween(db *gorm.DB, url string) error {
	tx := db.Begin()
	if err := tx.Create(&Order{ID: "o1"}).Error; err != nil {
		tx.Rollback()
		return err
	}
	if _, err := http.Get(url); err != nil { // want `HTTP call http\.Get inside the transaction begun at gorm\.go:25`
		tx.Rollback()
		return err
	}
	return tx.Commit().Error
}

// Good: the call comes after Commit.
func PayAfterCommit(db *gorm.DB, url string) error {
	tx := db.Begin()
	if err := tx.Create(&Order{ID: "o1"}).Error; err != nil {
		tx.Rollback()
		return err
	}
	if err := tx.Commit().Error; err != nil {
		return err
	}
	_, err := http.Get(url)
	return err
}

// Good: a *gorm.DB is not a transaction by itself.
func PayPlain(db *gorm.DB, url string) error {
	if err := db.Create(&Order{ID: "o1"}).Error; err != nil {
		return err
	}
	_, err := http.Get(url)
	return err
}

// Good: the call comes after Transaction returned.
func PayAfterCallback(db *gorm.DB, url string) error {
	if err := db.Transaction(func(tx *gorm.DB) error {
		return tx.Create(&Order{ID: "o1"}).Error
	}); err != nil {
		return err
	}
	_, err := http.Get(url)
	return err
}
