// Package app calls a warehouse inside the unit of work's variants.
package app

import (
	"context"
	"database/sql"
	"net/http"

	"github.com/jmoiron/sqlx"

	"httpintx/uowreadonly/uow"
)

type Service struct {
	uow   *uow.UnitOfWork
	local *localUOW
	hc    *http.Client
}

// Good: uow.ReadOnly begins read-only (through its run helper): the GET
// holds no locks and nothing is written.
func (s *Service) goodReadOnly(ctx context.Context, url string) error {
	return s.uow.ReadOnly(ctx, func(tx *sqlx.Tx) error {
		_, err := s.hc.Get(url)
		return err
	})
}

// Bad: the same wrapper's read-write variant.
func (s *Service) badDo(ctx context.Context, url string) error {
	return s.uow.Do(ctx, func(tx *sqlx.Tx) error {
		_, err := s.hc.Get(url) // want `HTTP call \(\*http.Client\).Get inside the transaction that uow.\(\*UnitOfWork\).Do begins at uow.go:30`
		return err
	})
}

// Bad: options that are not read-only.
func (s *Service) badSerializable(ctx context.Context, url string) error {
	return s.uow.Serializable(ctx, func(tx *sqlx.Tx) error {
		_, err := s.hc.Get(url) // want `HTTP call \(\*http.Client\).Get inside the transaction that uow.\(\*UnitOfWork\).Serializable begins at uow.go:30`
		return err
	})
}

// localUOW is the same shape in the caller's package.
type localUOW struct{ db *sqlx.DB }

func (u *localUOW) Write(ctx context.Context, fn func(tx *sqlx.Tx) error) error {
	return u.begin(ctx, &sql.TxOptions{}, fn)
}

func (u *localUOW) Read(ctx context.Context, fn func(tx *sqlx.Tx) error) error { // want Read:"runsReadOnly\\(\\[1\\]\\)"
	return u.begin(ctx, &sql.TxOptions{ReadOnly: true}, fn)
}

func (u *localUOW) begin(ctx context.Context, opts *sql.TxOptions, fn func(tx *sqlx.Tx) error) error {
	tx, err := u.db.BeginTxx(ctx, opts)
	if err != nil {
		return err
	}
	if err := fn(tx); err != nil {
		_ = tx.Rollback()
		return err
	}
	return tx.Commit()
}

// Good: the local read-only variant.
func (s *Service) goodLocalRead(ctx context.Context, url string) error {
	return s.local.Read(ctx, func(tx *sqlx.Tx) error {
		_, err := s.hc.Get(url)
		return err
	})
}

// Bad: the local read-write variant.
func (s *Service) badLocalWrite(ctx context.Context, url string) error {
	return s.local.Write(ctx, func(tx *sqlx.Tx) error {
		_, err := s.hc.Get(url) // want `HTTP call \(\*http.Client\).Get inside the transaction that app.\(\*localUOW\).Write begins at app.go:57`
		return err
	})
}
