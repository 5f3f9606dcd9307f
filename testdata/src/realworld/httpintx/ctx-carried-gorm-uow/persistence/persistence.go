// Package persistence implements the unit of work on GORM: the transaction
// travels to the repositories inside the context, not as a parameter.
package persistence

import (
	"context"

	"gorm.io/gorm"
)

type txKey struct{}

type UnitOfWork struct{ db *gorm.DB }

func (u *UnitOfWork) Execute(ctx context.Context, fn func(ctx context.Context) error) error {
	return u.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		return fn(context.WithValue(ctx, txKey{}, tx))
	})
}

func conn(ctx context.Context, db *gorm.DB) *gorm.DB {
	if tx, ok := ctx.Value(txKey{}).(*gorm.DB); ok {
		return tx
	}
	return db
}

type Orders struct{ db *gorm.DB }

func (o *Orders) Save(ctx context.Context, orderID string) (bool, error) {
	res := conn(ctx, o.db).Exec(`INSERT INTO orders (id) VALUES (?) ON CONFLICT (id) DO NOTHING`, orderID)
	return res.RowsAffected == 1, res.Error
}
