// Package uowmethod calls the provider only after the unit of work that
// opened the transaction in its Begin method has committed it.
package uowmethod

import (
	"context"
	"net/http"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// UnitOfWork keeps the transaction between Begin and Commit.
type UnitOfWork struct {
	Pool *pgxpool.Pool
	tx   pgx.Tx
}

// Begin opens the transaction.
func (u *UnitOfWork) Begin(ctx context.Context) (err error) {
	u.tx, err = u.Pool.Begin(ctx)
	return err
}

// Commit commits it.
func (u *UnitOfWork) Commit(ctx context.Context) error { return u.tx.Commit(ctx) }

// Rollback rolls it back; after Commit it does nothing.
func (u *UnitOfWork) Rollback(ctx context.Context) { _ = u.tx.Rollback(ctx) }

// Service posts transfers.
type Service struct {
	UoW  *UnitOfWork
	HTTP *http.Client
	URL  string
}

// Post marks the transfer, commits, then calls the provider (an outbox
// worker would carry the key; here the row's status says it is in flight).
func (s *Service) Post(ctx context.Context, id string) error {
	if err := s.UoW.Begin(ctx); err != nil {
		return err
	}
	defer s.UoW.Rollback(ctx)
	if _, err := s.UoW.tx.Exec(ctx, "UPDATE transfers SET status = 'SENDING' WHERE id = $1", id); err != nil {
		return err
	}
	if err := s.UoW.Commit(ctx); err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, s.URL, strings.NewReader(id))
	if err != nil {
		return err
	}
	req.Header.Set("Idempotency-Key", "transfer:"+id)
	resp, err := s.HTTP.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
