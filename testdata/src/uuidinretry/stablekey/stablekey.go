// Package stablekey: a record with a fresh row id made inside a retry,
// guarded (or not) by a stable key with a unique index in the same literal.
package stablekey

import (
	"context"
	"fmt"

	retry "github.com/avast/retry-go/v4"
	"github.com/google/uuid"
	"gorm.io/gorm"
)

// Entry is a ledger line; its IdempotencyKey is unique.
type Entry struct {
	ID             string `gorm:"primaryKey"`
	WalletID       string `gorm:"index"`
	AmountCents    int64
	IdempotencyKey string `gorm:"uniqueIndex"`
}

// Note has a request key that is only indexed, not unique.
type Note struct {
	ID         string `gorm:"primaryKey"`
	RequestKey string `gorm:"index"`
	Text       string
}

// Grant is unique on (user_id, grant_key) together.
type Grant struct {
	ID       string `gorm:"primaryKey"`
	UserID   string `gorm:"uniqueIndex:idx_user_grant"`
	GrantKey string `gorm:"uniqueIndex:idx_user_grant"`
}

func insert(ctx context.Context, db *gorm.DB, v any) error {
	return db.WithContext(ctx).Create(v).Error
}

// Good: the refund's key is derived from the payout and unique: a repeated
// attempt cannot insert a second refund.
func refund(ctx context.Context, db *gorm.DB, payoutID, walletID string, amount int64) error {
	return retry.Do(func() error {
		return insert(ctx, db, &Entry{
			ID:             uuid.NewString(),
			WalletID:       walletID,
			AmountCents:    amount,
			IdempotencyKey: payoutID + ":refund",
		})
	})
}

// Good: a composite unique key, both parts stable, one of them a key.
func grant(ctx context.Context, db *gorm.DB, userID, grant string) error {
	return retry.Do(func() error {
		return insert(ctx, db, &Grant{ID: uuid.NewString(), UserID: userID, GrantKey: fmt.Sprintf("%s:%s", grant, "v1")})
	})
}

// Bad: no stable unique field beside the fresh id.
func credit(ctx context.Context, db *gorm.DB, walletID string, amount int64) error {
	return retry.Do(func() error {
		return insert(ctx, db, &Entry{ID: uuid.NewString(), WalletID: walletID, AmountCents: amount}) // want `uuid.NewString in retry.Do callback makes a new identifier on every attempt`
	})
}

// Bad: the stable key is only indexed, not unique.
func note(ctx context.Context, db *gorm.DB, reqKey, text string) error {
	return retry.Do(func() error {
		return insert(ctx, db, &Note{ID: uuid.NewString(), RequestKey: reqKey, Text: text}) // want `uuid.NewString in retry.Do callback makes a new identifier on every attempt`
	})
}

// Bad: the key is made inside the attempt (a counter the attempt bumps).
func perAttemptKey(ctx context.Context, db *gorm.DB, payoutID string) error {
	n := 0
	return retry.Do(func() error {
		attempt := fmt.Sprint(n)
		n++
		return insert(ctx, db, &Entry{ID: uuid.NewString(), IdempotencyKey: payoutID + ":" + attempt}) // want `uuid.NewString in retry.Do callback makes a new identifier on every attempt`
	})
}

// Bad: only part of the composite unique key is set from stable values.
func grantPartial(ctx context.Context, db *gorm.DB, grant string) error {
	return retry.Do(func() error {
		return insert(ctx, db, &Grant{ID: uuid.NewString(), GrantKey: grant}) // want `uuid.NewString in retry.Do callback makes a new identifier on every attempt`
	})
}

// Bad: the fresh id also goes elsewhere (a call of its own), not only into
// the guarded record.
func leaks(ctx context.Context, db *gorm.DB, payoutID string, notify func(string) error) error {
	return retry.Do(func() error {
		id := uuid.NewString() // want `uuid.NewString in retry.Do callback makes a new identifier on every attempt`
		if err := insert(ctx, db, &Entry{ID: id, IdempotencyKey: payoutID + ":refund"}); err != nil {
			return err
		}
		return notify(id)
	})
}
