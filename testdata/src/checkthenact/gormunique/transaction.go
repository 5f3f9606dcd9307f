// Package gormunique: the GORM model carries uniqueIndex on the key, so
// the Create is a claim; safe unless work leaves the process first.
package gormunique

import (
	"context"
	"errors"
	"net/http"

	"gorm.io/gorm"
)

type Transaction struct {
	gorm.Model
	IdempotencyKey string `gorm:"uniqueIndex:idx_idempotency_key;type:uuid"`
	OrderID        string
	Status         string
}

type Repository struct{ db *gorm.DB }

// The Travio payment shape: select by key, create, fall back on conflict.
func (r *Repository) CreateIdempotent(ctx context.Context, tx *Transaction) (*Transaction, bool, error) { // want CreateIdempotent:`keyOps\(read transactions\.idempotency_key of p1\.IdempotencyKey, insert transactions of p1\.\*; writes: \(\*gorm\.DB\)\.Create\)`
	var existing Transaction
	err := r.db.WithContext(ctx).Where("idempotency_key = ?", tx.IdempotencyKey).First(&existing).Error
	if err == nil {
		return &existing, true, nil
	}
	if err := r.db.WithContext(ctx).Create(tx).Error; err != nil {
		return nil, false, err
	}
	return tx, false, nil
}

// The gateway is called between the check and the claim.
func (r *Repository) ChargeThenRecord(ctx context.Context, key, orderID string, req *http.Request) error { // want ChargeThenRecord:`keyOps\(read transactions\.idempotency_key of p1, insert transactions\.idempotency_key of p1, insert transactions\.order_id of p2; leaves: \(\*http\.Client\)\.Do; writes: \(\*gorm\.DB\)\.Create\)`
	var existing Transaction
	if err := r.db.Where(&Transaction{IdempotencyKey: key}).First(&existing).Error; !errors.Is(err, gorm.ErrRecordNotFound) {
		return err
	}
	if _, err := http.DefaultClient.Do(req); err != nil {
		return err
	}
	t := Transaction{OrderID: orderID}
	t.IdempotencyKey = key
	return r.db.Create(&t).Error // want `\(\*Repository\)\.ChargeThenRecord checks key with \(\*gorm\.DB\)\.First \(line 38\) and inserts it later \(line 46\) without a claim: two concurrent retries both pass the check; the unique key on transactions\.idempotency_key fails the second insert only after \(\*http\.Client\)\.Do \(line 41\) has run`
}
