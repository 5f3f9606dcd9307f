// want package:`pending\(doer\.Handle at doer.go:27\)`
// Package doer calls through an interface that mirrors (*http.Client).Do with no implementation in sight: the client is injected by main.
package doer

import (
	"context"
	"database/sql"
	"net/http"
)

type HTTPDoer interface {
	Do(req *http.Request) (*http.Response, error)
}

// Cache has a Do method of another shape: not a network call.
type Cache interface {
	Do(key string) (string, error)
}

func Handle(ctx context.Context, db *sql.DB, d HTTPDoer, c Cache, req *http.Request) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	_, _ = tx.Exec("UPDATE account SET seen = true") // the transaction writes
	if _, err := c.Do("k"); err != nil {
		return err
	}
	if _, err := d.Do(req); err != nil { // want `HTTP call doer\.HTTPDoer\.Do → \(\*http\.Client\)\.Do inside the transaction begun at doer\.go:21`
		return err
	}
	return tx.Commit()
}
