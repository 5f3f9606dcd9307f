// Package methodvalue sends through method values and function-typed
// locals inside a transaction.
package methodvalue

import (
	"context"
	"database/sql"
	"net/http"
)

type Notifier struct {
	client *http.Client
}

func (n *Notifier) notify(ctx context.Context) error {
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, "https://hooks.example.com", nil)
	_, err := n.client.Do(req)
	return err
}

// retry calls op until it succeeds, at most three times.
func retry(ctx context.Context, op func(context.Context) error) error {
	var err error
	for range 3 {
		if err = op(ctx); err == nil {
			return nil
		}
	}
	return err
}

func Send(ctx context.Context, db *sql.DB, n *Notifier, req *http.Request) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	send := n.client.Do
	if _, err := send(req); err != nil { // want `HTTP call \(\*http\.Client\)\.Do inside the transaction begun at methodvalue\.go:33`
		return err
	}
	if err := retry(ctx, n.notify); err != nil { // want `HTTP call methodvalue\.retry → methodvalue\.\(\*Notifier\)\.notify → \(\*http\.Client\)\.Do inside the transaction`
		return err
	}
	return tx.Commit()
}

// SendAfter uses the same values after the commit.
func SendAfter(ctx context.Context, db *sql.DB, n *Notifier, req *http.Request) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return err
	}
	send := n.client.Do
	if _, err := send(req); err != nil {
		return err
	}
	return retry(ctx, n.notify)
}

// NoNetwork passes a method value that calls no network.
func NoNetwork(ctx context.Context, db *sql.DB) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := retry(ctx, quiet); err != nil {
		return err
	}
	return tx.Commit()
}

func quiet(context.Context) error { return nil }
