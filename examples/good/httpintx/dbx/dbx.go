// Package dbx is a company helper package that ends transactions.
package dbx

import (
	"database/sql"
	"fmt"
)

// Commit commits tx and wraps the error.
func Commit(tx *sql.Tx) error {
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("commit: %w", err)
	}
	return nil
}
