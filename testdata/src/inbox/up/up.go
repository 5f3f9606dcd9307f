// Package up holds claim helpers another package calls.
package up

import (
	"context"

	"github.com/jackc/pgx/v5"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// DBTX is sqlc's interface.
type DBTX interface {
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
}

// Queries is sqlc's query set.
type Queries struct{ db DBTX }

// New is sqlc's constructor.
func New(db DBTX) *Queries { return &Queries{db: db} }

const claimEvent = `-- name: ClaimEvent :one
INSERT INTO inbox (event_id) VALUES ($1) ON CONFLICT DO NOTHING RETURNING event_id`

// ClaimEvent is sqlc's generated claim.
func (q *Queries) ClaimEvent(ctx context.Context, id string) (string, error) { // want ClaimEvent:"claimsKey"
	row := q.db.QueryRow(ctx, claimEvent, id)
	var s string
	err := row.Scan(&s)
	return s, err
}

const getEvent = `SELECT event_id FROM inbox WHERE event_id = $1`

// GetEvent reads: no claim.
func (q *Queries) GetEvent(ctx context.Context, id string) (string, error) {
	row := q.db.QueryRow(ctx, getEvent, id)
	var s string
	err := row.Scan(&s)
	return s, err
}

// MarkProcessed is a project helper over a hand-written upsert.
func MarkProcessed(ctx context.Context, tx pgx.Tx, id string) (bool, error) { // want MarkProcessed:"claimsKey"
	var inserted bool
	err := tx.QueryRow(ctx, `INSERT INTO processed_event (event_id) VALUES ($1)
		ON CONFLICT (event_id) DO UPDATE SET event_id = EXCLUDED.event_id
		RETURNING (xmax = 0) AS inserted`, id).Scan(&inserted)
	return inserted, err
}

// ClaimGORM claims with GORM's ON CONFLICT DO NOTHING and returns whether
// the row was inserted.
func ClaimGORM(tx *gorm.DB, id string) (bool, error) { // want ClaimGORM:"claimsKey"
	res := tx.Clauses(clause.OnConflict{DoNothing: true}).Create(&Event{ID: id})
	return res.RowsAffected == 1, res.Error
}

// InsertGORM returns only the error: a duplicate has none, so the caller
// cannot tell. No claim.
func InsertGORM(tx *gorm.DB, id string) error {
	return tx.Clauses(clause.OnConflict{DoNothing: true}).Create(&Event{ID: id}).Error
}

// Event is a dedup row.
type Event struct{ ID string }
