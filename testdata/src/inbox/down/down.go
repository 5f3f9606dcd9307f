// Package down holds units of work gated (or not) by the claims of package up.
package down

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"inbox/up"
)

func gatedSqlc(ctx context.Context, pool *pgxpool.Pool, id string) error { // want "inbox-gated"
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	q := up.New(tx)
	if _, err := q.ClaimEvent(ctx, id); errors.Is(err, pgx.ErrNoRows) {
		return nil
	}
	return tx.Commit(ctx)
}

func gatedHelper(ctx context.Context, tx pgx.Tx, id string) error { // want "inbox-gated"
	first, err := up.MarkProcessed(ctx, tx, id)
	if err != nil {
		return err
	}
	if !first {
		return nil
	}
	_, err = tx.Exec(ctx, `INSERT INTO ledger (id) VALUES ($1)`, id)
	return err
}

// Not gated: the claim's error is only checked against nil.
func notTested(ctx context.Context, tx pgx.Tx, id string) error {
	if _, err := up.New(tx).ClaimEvent(ctx, id); err != nil {
		return err
	}
	return nil
}

// Not gated: a read is no claim.
func readOnly(ctx context.Context, tx pgx.Tx, id string) error {
	if _, err := up.New(tx).GetEvent(ctx, id); errors.Is(err, pgx.ErrNoRows) {
		return nil
	}
	return nil
}

// Not gated: no transaction (the pool commits the claim on its own).
func onPool(ctx context.Context, pool *pgxpool.Pool, id string) error {
	tag, err := pool.Exec(ctx, `INSERT INTO inbox (event_id) VALUES ($1) ON CONFLICT DO NOTHING`, id)
	if err != nil || tag.RowsAffected() == 0 {
		return err
	}
	return nil
}

// GORM: a transaction from Begin claims with OnConflict{DoNothing: true}
// and skips on RowsAffected 0.
func gatedGORM(db *gorm.DB, id string) error { // want "inbox-gated"
	tx := db.Begin()
	res := tx.Clauses(clause.OnConflict{DoNothing: true}).Create(&up.Event{ID: id})
	if res.Error != nil {
		tx.Rollback()
		return res.Error
	}
	if res.RowsAffected == 0 {
		return tx.Rollback().Error
	}
	tx.Create(&up.Event{ID: id + ":ledger"})
	return tx.Commit().Error
}

// GORM: the claim helper's outcome tested.
func gatedGORMHelper(db *gorm.DB, id string) error { // want "inbox-gated"
	tx := db.Begin()
	first, err := up.ClaimGORM(tx, id)
	if err != nil || !first {
		return tx.Rollback().Error
	}
	return tx.Commit().Error
}

// Not gated: a Create without DoNothing fails on a duplicate, it skips nothing.
func gormPlainCreate(db *gorm.DB, id string) error {
	tx := db.Begin()
	res := tx.Create(&up.Event{ID: id})
	if res.RowsAffected == 0 {
		return tx.Rollback().Error
	}
	return tx.Commit().Error
}

// Not gated: DO NOTHING, but RowsAffected is never read.
func gormUnchecked(db *gorm.DB, id string) error {
	tx := db.Begin()
	res := tx.Clauses(clause.OnConflict{DoNothing: true}).Create(&up.Event{ID: id})
	if res.Error != nil {
		return tx.Rollback().Error
	}
	return tx.Commit().Error
}

// Not gated: the helper returns only the error.
func gormHelperError(db *gorm.DB, id string) error {
	tx := db.Begin()
	if err := up.InsertGORM(tx, id); err != nil {
		return tx.Rollback().Error
	}
	return tx.Commit().Error
}

// Not gated: the claim is made on a handle the function is given, which may
// be the pool (GORM's *gorm.DB says nothing): it commits on its own.
func gormOnHandle(db *gorm.DB, id string) error {
	res := db.Clauses(clause.OnConflict{DoNothing: true}).Create(&up.Event{ID: id})
	if res.RowsAffected == 0 {
		return nil
	}
	return db.Create(&up.Event{ID: id + ":ledger"}).Error
}
