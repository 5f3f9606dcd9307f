// Package a calls b's helper, which calls c through a function value,
// inside a transaction.
package a

import (
	"context"
	"database/sql"

	"httpintx/indirect/chain/b"
)

func Handle(ctx context.Context, db *sql.DB, s *b.Service) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	_, _ = tx.Exec("UPDATE account SET seen = true")              // the transaction writes
	if err := s.Notify("https://hooks.example.com"); err != nil { // want `HTTP call b\.\(\*Service\)\.Notify → c\.\(\*Provider\)\.Send → \(\*http\.Client\)\.Do inside the transaction begun at a\.go:13`
		return err
	}
	return tx.Commit()
}

func HandleAfter(ctx context.Context, db *sql.DB, s *b.Service) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return err
	}
	return s.Notify("https://hooks.example.com")
}
