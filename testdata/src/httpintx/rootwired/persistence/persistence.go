// Package persistence implements the unit of work and the repositories on
// GORM: the unit of work runs its callback in a transaction, the status
// repository runs its side effect between Begin and Commit.
package persistence

import (
	"context"

	"gorm.io/gorm"
)

type txKey struct{}

type UnitOfWork struct{ DB *gorm.DB }

func (u *UnitOfWork) Execute(ctx context.Context, fn func(ctx context.Context) error) error {
	return u.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		return fn(context.WithValue(ctx, txKey{}, tx))
	})
}

type Orders struct{ DB *gorm.DB }

func (o *Orders) Save(ctx context.Context, id string) error {
	return o.DB.Exec(`INSERT INTO orders (id) VALUES (?)`, id).Error
}

type StatusRepo struct{ DB *gorm.DB }

func (r *StatusRepo) ChangeStatusWith(id, status string, sideEffect func() error) error {
	tx := r.DB.Begin()
	if err := tx.Exec(`UPDATE orders SET status = ? WHERE id = ?`, status, id).Error; err != nil {
		tx.Rollback()
		return err
	}
	if sideEffect != nil {
		if err := sideEffect(); err != nil {
			tx.Rollback()
			return err
		}
	}
	return tx.Commit().Error
}

func NewStatusRepo(db *gorm.DB) *StatusRepo { return &StatusRepo{DB: db} }
