// Package middleware: an HTTP idempotency middleware that looks the key up,
// runs the handler, and stores the response afterwards. The primary key
// refuses the second insert, but only after both requests ran the handler.
package middleware

import (
	"database/sql"
	"net/http"

	"gorm.io/gorm"
)

type Middleware struct{ db *sql.DB }

func (m *Middleware) Wrap(next http.Handler) http.Handler { // want Wrap:`keyOps\(leaves: http\.Handler\.ServeHTTP; writes: \(\*sql\.DB\)\.ExecContext\)`
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		key := r.Header.Get("Idempotency-Key")
		var body []byte
		if err := m.db.QueryRowContext(r.Context(), `SELECT body FROM idempotency_responses WHERE key = $1`, key).Scan(&body); err == nil {
			_, _ = w.Write(body)
			return
		}
		next.ServeHTTP(w, r)
		_, _ = m.db.ExecContext(r.Context(), `INSERT INTO idempotency_responses (key, body) VALUES ($1, $2)`, key, []byte("ok")) // want `Wrap checks key with \(\*sql\.DB\)\.QueryRowContext \(line 19\) and inserts it later \(line 24\) without a claim: two concurrent retries both pass the check; the unique key on idempotency_responses\.key fails the second insert only after http\.Handler\.ServeHTTP \(line 23\) has run`
	})
}

type Ledger struct {
	Key    string `gorm:"primaryKey"`
	Amount int64
}

type Entry struct {
	LedgerKey string
	Amount    int64
}

// Check, work and claim in one GORM transaction, the key a primary key:
// the loser's insert fails and rolls its work back.
func Book(db *gorm.DB, key string, amount int64) error { // want Book:`keyOps\(read ledgers\.key of p1, insert entries\.ledger_key of p1, insert entries\.amount of p2, insert ledgers\.key of p1, insert ledgers\.amount of p2; writes: \(\*gorm\.DB\)\.Create\)`
	return db.Transaction(func(tx *gorm.DB) error {
		var l Ledger
		if tx.First(&l, "key = ?", key).Error == nil {
			return nil
		}
		if err := tx.Create(&Entry{LedgerKey: key, Amount: amount}).Error; err != nil {
			return err
		}
		return tx.Create(&Ledger{Key: key, Amount: amount}).Error
	})
}
