package ent

import (
	"context"
	"net/http"

	"entgen/ent"
)

func PayBetween(ctx context.Context, client *ent.Client, url string) error {
	tx, err := client.Tx(ctx)
	if err != nil {
		return err
	}
	if _, err := tx.User.Create().SetName("a").Save(ctx); err != nil {
		_ = tx.Rollback()
		return err
	}
	if _, err := http.Get(url); err != nil { // want `HTTP call http\.Get inside the transaction begun at ent\.go:11`
		_ = tx.Rollback()
		return err
	}
	return tx.Commit()
}

// Good: the call comes after Commit.
func PayAfterCommit(ctx context.Context, client *ent.Client, url string) error {
	tx, err := client.Tx(ctx)
	if err != nil {
		return err
	}
	if _, err := tx.User.Create().SetName("a").Save(ctx); err != nil {
		_ = tx.Rollback()
		return err
	}
	if err := tx.Commit(); err != nil {
		return err
	}
	_, err = http.Get(url)
	return err
}
