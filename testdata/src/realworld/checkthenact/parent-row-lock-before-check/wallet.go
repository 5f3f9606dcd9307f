// Package wallet debits a wallet once per reference (batch 6 sweep: a
// wallet gRPC service on GORM). The ledger entry is looked up by wallet and
// reference and inserted without a unique index, but both run after
// SELECT ... FOR UPDATE of the wallet row in the same transaction: two
// debits of one wallet queue on that lock, and the second one's lookup
// (a new statement, after the first committed) finds the entry. The lock is
// on the row whose ID is part of the checked key, so the check is atomic.
package wallet

import (
	"context"
	"errors"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

type Wallet struct {
	ID      string `gorm:"primaryKey"`
	UserID  string `gorm:"uniqueIndex"`
	Balance int64
}

type Entry struct {
	ID        string `gorm:"primaryKey"`
	WalletID  string `gorm:"index"`
	Reference string
	Amount    int64
}

// Debit locks the wallet first: silent.
func Debit(ctx context.Context, db *gorm.DB, userID, ref string, amount int64) error { // want Debit:`keyOps\(read wallets\.user_id of p2, read entries\.reference of p3, insert entries\.reference of p3, insert entries\.amount of p4; writes: \(\*gorm\.DB\)\.Create; locks: \(\*gorm\.DB\)\.First\)`
	return db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var w Wallet
		if err := tx.Clauses(clause.Locking{Strength: "UPDATE"}).Where("user_id = ?", userID).First(&w).Error; err != nil {
			return err
		}
		var e Entry
		err := tx.Where("wallet_id = ? AND reference = ?", w.ID, ref).First(&e).Error
		if err == nil {
			return nil
		}
		if !errors.Is(err, gorm.ErrRecordNotFound) {
			return err
		}
		if err := tx.Create(&Entry{WalletID: w.ID, Reference: ref, Amount: amount}).Error; err != nil {
			return err
		}
		return tx.Model(&w).Update("balance", w.Balance-amount).Error
	})
}

// DebitUnlocked reads the wallet without a lock: two debits both find no
// entry and both insert.
func DebitUnlocked(ctx context.Context, db *gorm.DB, userID, ref string, amount int64) error { // want DebitUnlocked:`keyOps\(read wallets\.user_id of p2, read entries\.reference of p3, insert entries\.reference of p3, insert entries\.amount of p4; writes: \(\*gorm\.DB\)\.Create\)`
	return db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var w Wallet
		if err := tx.Where("user_id = ?", userID).First(&w).Error; err != nil {
			return err
		}
		var e Entry
		err := tx.Where("wallet_id = ? AND reference = ?", w.ID, ref).First(&e).Error
		if err == nil {
			return nil
		}
		if !errors.Is(err, gorm.ErrRecordNotFound) {
			return err
		}
		if err := tx.Create(&Entry{WalletID: w.ID, Reference: ref, Amount: amount}).Error; err != nil { // want `checks w\.ID .* inserts it later` `checks ref .* inserts it later`
			return err
		}
		return tx.Model(&w).Update("balance", w.Balance-amount).Error
	})
}
