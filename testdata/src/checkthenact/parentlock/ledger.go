// Package parentlock: a ledger entry looked up by (wallet_id, reference)
// and inserted without a unique index is safe when the wallet row was
// locked FOR UPDATE earlier in the same transaction and the entry's key
// takes the wallet's ID from that row: every check for the wallet queues
// on the lock.
package parentlock

import (
	"context"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

type Wallet struct {
	ID      string `gorm:"primaryKey"`
	UserID  string `gorm:"uniqueIndex"`
	Balance int64
}

type Account struct {
	ID     string `gorm:"primaryKey"`
	UserID string
}

type Entry struct {
	ID        string `gorm:"primaryKey"`
	WalletID  string `gorm:"index"`
	Reference string
}

// Locked: the wallet row is locked before the check, whose key takes
// w.ID from it.
func Locked(ctx context.Context, db *gorm.DB, userID, ref string) error { // want Locked:`keyOps\(read wallets\.user_id of p2, read entries\.reference of p3, insert entries\.reference of p3; writes: \(\*gorm\.DB\)\.Create; locks: \(\*gorm\.DB\)\.First\)`
	return db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var w Wallet
		if err := tx.Clauses(clause.Locking{Strength: "UPDATE"}).Where("user_id = ?", userID).First(&w).Error; err != nil {
			return err
		}
		var e Entry
		if tx.Where("wallet_id = ? AND reference = ?", w.ID, ref).First(&e).Error == nil {
			return nil
		}
		return tx.Create(&Entry{WalletID: w.ID, Reference: ref}).Error
	})
}

// LockedByID locks the wallet by the ID the check then uses.
func LockedByID(ctx context.Context, db *gorm.DB, walletID, ref string) error { // want LockedByID:`keyOps\(read wallets\.id of p2, read entries\.wallet_id of p2, read entries\.reference of p3, insert entries\.wallet_id of p2, insert entries\.reference of p3; writes: \(\*gorm\.DB\)\.Create; locks: \(\*gorm\.DB\)\.First\)`
	return db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var w Wallet
		if err := tx.Clauses(clause.Locking{Strength: "UPDATE"}).First(&w, walletID).Error; err != nil {
			return err
		}
		var e Entry
		if tx.Where("wallet_id = ? AND reference = ?", walletID, ref).First(&e).Error == nil {
			return nil
		}
		return tx.Create(&Entry{WalletID: walletID, Reference: ref}).Error
	})
}

// Unlocked reads the wallet without a lock.
func Unlocked(ctx context.Context, db *gorm.DB, userID, ref string) error { // want Unlocked:`keyOps\(read wallets\.user_id of p2, read entries\.reference of p3, insert entries\.reference of p3; writes: \(\*gorm\.DB\)\.Create\)`
	return db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var w Wallet
		if err := tx.Where("user_id = ?", userID).First(&w).Error; err != nil {
			return err
		}
		var e Entry
		if tx.Where("wallet_id = ? AND reference = ?", w.ID, ref).First(&e).Error == nil {
			return nil
		}
		return tx.Create(&Entry{WalletID: w.ID, Reference: ref}).Error // want `checks w\.ID .* inserts it later` `checks ref .* inserts it later`
	})
}

// LockAfterCheck locks the wallet only after the check.
func LockAfterCheck(ctx context.Context, db *gorm.DB, userID, ref string) error { // want LockAfterCheck:`keyOps\(read wallets\.user_id of p2, read entries\.reference of p3, insert entries\.reference of p3; writes: \(\*gorm\.DB\)\.Create; locks: \(\*gorm\.DB\)\.First\)`
	return db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var w Wallet
		if err := tx.Where("user_id = ?", userID).First(&w).Error; err != nil {
			return err
		}
		var e Entry
		if tx.Where("wallet_id = ? AND reference = ?", w.ID, ref).First(&e).Error == nil {
			return nil
		}
		if err := tx.Clauses(clause.Locking{Strength: "UPDATE"}).Where("user_id = ?", userID).First(&w).Error; err != nil {
			return err
		}
		return tx.Create(&Entry{WalletID: w.ID, Reference: ref}).Error // want `checks w\.ID .* inserts it later` `checks ref .* inserts it later`
	})
}

// LockInOtherTx locks the wallet in a transaction that commits (and
// releases the lock) before the check runs.
func LockInOtherTx(ctx context.Context, db *gorm.DB, userID, ref string) error { // want LockInOtherTx:`keyOps\(read wallets\.user_id of p2, read entries\.reference of p3, insert entries\.reference of p3; writes: \(\*gorm\.DB\)\.Create; locks: \(\*gorm\.DB\)\.First\)`
	var w Wallet
	if err := db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		return tx.Clauses(clause.Locking{Strength: "UPDATE"}).Where("user_id = ?", userID).First(&w).Error
	}); err != nil {
		return err
	}
	return db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var e Entry
		if tx.Where("wallet_id = ? AND reference = ?", w.ID, ref).First(&e).Error == nil {
			return nil
		}
		return tx.Create(&Entry{WalletID: w.ID, Reference: ref}).Error // want `checks w\.ID .* inserts it later` `checks ref .* inserts it later`
	})
}

// LockOutsideTx locks with no transaction open: the lock ends with its
// statement.
func LockOutsideTx(ctx context.Context, db *gorm.DB, userID, ref string) error { // want LockOutsideTx:`keyOps\(read wallets\.user_id of p2, read entries\.reference of p3, insert entries\.reference of p3; writes: \(\*gorm\.DB\)\.Create; locks: \(\*gorm\.DB\)\.First\)`
	var w Wallet
	if err := db.WithContext(ctx).Clauses(clause.Locking{Strength: "UPDATE"}).Where("user_id = ?", userID).First(&w).Error; err != nil {
		return err
	}
	var e Entry
	if db.WithContext(ctx).Where("wallet_id = ? AND reference = ?", w.ID, ref).First(&e).Error == nil {
		return nil
	}
	return db.WithContext(ctx).Create(&Entry{WalletID: w.ID, Reference: ref}).Error // want `checks w\.ID .* inserts it later` `checks ref .* inserts it later`
}

// UnrelatedLock locks the user's account row, whose values do not reach
// the checked key: two debits of one wallet from two accounts both pass.
func UnrelatedLock(ctx context.Context, db *gorm.DB, userID, ref string) error { // want UnrelatedLock:`keyOps\(read accounts\.user_id of p2, read wallets\.user_id of p2, read entries\.reference of p3, insert entries\.reference of p3; writes: \(\*gorm\.DB\)\.Create; locks: \(\*gorm\.DB\)\.First\)`
	return db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var a Account
		if err := tx.Clauses(clause.Locking{Strength: "UPDATE"}).Where("user_id = ?", userID).First(&a).Error; err != nil {
			return err
		}
		var w Wallet
		if err := tx.Where("user_id = ?", userID).First(&w).Error; err != nil {
			return err
		}
		var e Entry
		if tx.Where("wallet_id = ? AND reference = ?", w.ID, ref).First(&e).Error == nil {
			return nil
		}
		return tx.Create(&Entry{WalletID: w.ID, Reference: ref}).Error // want `checks w\.ID .* inserts it later` `checks ref .* inserts it later`
	})
}
