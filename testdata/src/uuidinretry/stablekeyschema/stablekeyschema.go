// Package stablekeyschema: the unique key of a stable field comes from the
// module's schema, not from GORM tags.
package stablekeyschema

import (
	"context"

	retry "github.com/avast/retry-go/v4"
	"github.com/google/uuid"
	"gorm.io/gorm"
)

// Refund maps to table refunds; refund_key is UNIQUE in schema.sql.
type Refund struct {
	ID          string
	PayoutID    string
	RefundKey   string
	AmountCents int64
}

// PayoutNote maps to payout_notes; note_key is only indexed.
type PayoutNote struct {
	ID      string
	NoteKey string
	Body    string
}

// Good: the schema makes refund_key unique.
func refund(ctx context.Context, db *gorm.DB, payoutID string, amount int64) error {
	return retry.Do(func() error {
		return db.WithContext(ctx).Create(&Refund{ID: uuid.NewString(), PayoutID: payoutID, RefundKey: payoutID + ":refund", AmountCents: amount}).Error
	})
}

// Bad: note_key has a plain index.
func note(ctx context.Context, db *gorm.DB, payoutID, body string) error {
	return retry.Do(func() error {
		return db.WithContext(ctx).Create(&PayoutNote{ID: uuid.NewString(), NoteKey: payoutID + ":note", Body: body}).Error // want `uuid.NewString in retry.Do callback makes a new identifier on every attempt`
	})
}
