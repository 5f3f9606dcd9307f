// Package shop is a test repository of the sweep: a payment call retried
// with a fresh key per attempt, and a webhook posted inside a transaction.
package shop

import (
	"context"
	"crypto/rand"
	"database/sql"
	"net/http"
	"strings"
)

// Charge retries a payment call, minting a new idempotency key per attempt.
func Charge(ctx context.Context, c *http.Client, url string) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		req, _ := http.NewRequestWithContext(ctx, "POST", url, strings.NewReader("{}"))
		req.Header.Set("Idempotency-Key", rand.Text())
		var resp *http.Response
		resp, err = c.Do(req)
		if err == nil {
			resp.Body.Close()
			return nil
		}
	}
	return err
}

// Notify posts to a webhook inside a transaction.
func Notify(ctx context.Context, db *sql.DB, url string) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, "UPDATE orders SET state = 'paid'"); err != nil {
		return err
	}
	resp, err := http.Post(url, "application/json", strings.NewReader("{}"))
	if err != nil {
		return err
	}
	resp.Body.Close()
	return tx.Commit()
}
