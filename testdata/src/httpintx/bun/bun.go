package bun

import (
	"context"
	"net/http"

	"github.com/uptrace/bun"
)

type Order struct{ ID string }

func PayInRunInTx(ctx context.Context, db *bun.DB, url string) error {
	return db.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		if _, err := tx.NewInsert().Model(&Order{ID: "o1"}).Exec(ctx); err != nil {
			return err
		}
		_, err := http.Post(url, "application/json", nil) // want `HTTP call http\.Post inside the transaction begun at bun\.go:13`
		return err
	})
}

func PayBetween(ctx context.Context, db *bun.DB, url string) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.NewInsert().Model(&Order{ID: "o1"}).Exec(ctx); err != nil {
		return err
	}
	if _, err := http.Get(url); err != nil { // want `HTTP call http\.Get inside the transaction begun at bun\.go:23`
		return err
	}
	return tx.Commit()
}

// insert receives the transaction: its body runs inside the caller's.
func insert(ctx context.Context, tx bun.Tx, url string) error {
	_, err := http.Get(url) // want `HTTP call http\.Get inside the transaction passed in as tx`
	return err
}

// Good: the call comes after Commit.
func PayAfterCommit(ctx context.Context, db *bun.DB, url string) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if _, err := tx.NewInsert().Model(&Order{ID: "o1"}).Exec(ctx); err != nil {
		_ = tx.Rollback()
		return err
	}
	if err := tx.Commit(); err != nil {
		return err
	}
	_, err = http.Get(url)
	return err
}
