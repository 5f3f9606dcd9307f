// Package uow calls providers only after the transaction is committed, by a
// helper of another package or by a unit of work's Commit.
package uow

import (
	"context"
	"database/sql"
	"net/http"
	"strings"

	"github.com/idemlint/idemlint/examples/bad/httpintx/txm"
	"github.com/idemlint/idemlint/examples/good/httpintx/dbx"
)

// Service confirms orders and posts transfers.
type Service struct {
	DB   *sql.DB
	TM   *txm.Manager
	HTTP *http.Client
	URL  string
}

// Confirm commits through dbx.Commit, then notifies the provider.
func (s *Service) Confirm(ctx context.Context, id string) error {
	tx, err := s.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, "UPDATE orders SET status = 'CONFIRMED' WHERE id = $1", id); err != nil {
		return err
	}
	if err := dbx.Commit(tx); err != nil {
		return err
	}
	return s.notify(ctx, id)
}

// PostThenScore commits the unit of work, then scores the transfer.
func (s *Service) PostThenScore(ctx context.Context, id string) error {
	uow, err := s.TM.Begin(ctx)
	if err != nil {
		return err
	}
	defer uow.Close(ctx)
	if _, err := uow.Tx().Exec(ctx, "UPDATE accounts SET held = held + 1 WHERE id = $1", id); err != nil {
		return err
	}
	if err := uow.Commit(ctx); err != nil {
		return err
	}
	return s.notify(ctx, id)
}

func (s *Service) notify(ctx context.Context, id string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, s.URL, strings.NewReader(id))
	if err != nil {
		return err
	}
	resp, err := s.HTTP.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
