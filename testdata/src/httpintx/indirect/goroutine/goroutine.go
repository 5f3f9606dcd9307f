// Package goroutine makes network calls from goroutines started inside a
// transaction.
package goroutine

import (
	"context"
	"database/sql"
	"net/http"

	"golang.org/x/sync/errgroup"
)

func notify(url string) {
	_, _ = http.Get(url)
}

// Waits: the group is waited for before the commit, and its goroutines use the transaction.
func Waits(ctx context.Context, db *sql.DB, urls []string) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	g, ctx := errgroup.WithContext(ctx)
	for _, u := range urls {
		g.Go(func() error {
			if _, err := tx.ExecContext(ctx, "UPDATE hooks SET sent = true WHERE url = $1", u); err != nil {
				return err
			}
			_, err := http.Get(u) // want `HTTP call http\.Get inside the transaction begun at goroutine\.go:19`
			return err
		})
	}
	if err := g.Wait(); err != nil {
		return err
	}
	return tx.Commit()
}

// TxInGoroutine hands the transaction to a goroutine that calls out.
func TxInGoroutine(ctx context.Context, db *sql.DB, url string) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	done := make(chan error)
	go func() {
		_, err := tx.ExecContext(ctx, "UPDATE t SET n = 1")
		notify(url) // want `HTTP call goroutine\.notify → http\.Get inside the transaction begun at goroutine\.go:42`
		done <- err
	}()
	if err := <-done; err != nil {
		return err
	}
	return tx.Commit()
}

// FireAndForget starts a goroutine that does not touch the transaction:
// it does not hold it open.
func FireAndForget(ctx context.Context, db *sql.DB, url string) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	go notify(url)
	return tx.Commit()
}
