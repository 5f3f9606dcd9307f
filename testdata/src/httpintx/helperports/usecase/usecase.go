// want package:`pending\(usecase\.\(\*Service\)\.PayHelper at usecase\.go:30; usecase\.\(\*Service\)\.PayClosure at usecase\.go:42; usecase\.\(\*Service\)\.Quote at usecase\.go:66; usecase\.\(\*Service\)\.Reserve at usecase\.go:81\)`

// Package usecase is written against the ports of package domain and
// reaches the gateway through its own helpers and closures, inside the
// unit of work's callback or inside a transaction it begins.
package usecase

import (
	"context"
	"database/sql"
	"log"

	"httpintx/helperports/domain"
)

type Service struct {
	uow domain.UnitOfWork
	gw  domain.Gateway
	db  *sql.DB
}

func New(uow domain.UnitOfWork, gw domain.Gateway, db *sql.DB) *Service {
	return &Service{uow: uow, gw: gw, db: db}
}

// PayHelper: bad where the unit of work runs the callback in a writing
// transaction; the gateway is called by a helper method.
func (s *Service) PayHelper(ctx context.Context, id string) error {
	return s.uow.Execute(ctx, func(ctx context.Context) error {
		return s.charge(ctx, id)
	})
}

func (s *Service) charge(ctx context.Context, id string) error {
	return s.gw.Charge(ctx, id)
}

// PayClosure: bad; the gateway is called by a closure called in place.
func (s *Service) PayClosure(ctx context.Context, id string) error {
	return s.uow.Execute(ctx, func(ctx context.Context) error {
		charge := func() error { return s.gw.Charge(ctx, id) }
		return charge()
	})
}

// PayQuiet: correct; the helper in the callback calls no port, and the
// other starts the charge in a goroutine.
func (s *Service) PayQuiet(ctx context.Context, id string) error {
	return s.uow.Execute(ctx, func(ctx context.Context) error {
		s.audit(id)
		s.chargeLater(id)
		return nil
	})
}

func (s *Service) audit(id string) { log.Printf("paying %s", id) }

func (s *Service) chargeLater(id string) {
	go s.gw.Charge(context.Background(), id)
}

// Quote: correct; the helper calls the gateway inside the read-only
// callback, whose transaction holds nothing.
func (s *Service) Quote(ctx context.Context, id string) error {
	return s.uow.ExecuteRead(ctx, func(ctx context.Context) error {
		return s.charge(ctx, id)
	})
}

// Reserve: bad; the helper calls the gateway inside the writing
// transaction Reserve begins.
func (s *Service) Reserve(ctx context.Context, id string) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `UPDATE seats SET held = true WHERE id = $1`, id); err != nil {
		return err
	}
	if err := s.charge(ctx, id); err != nil {
		return err
	}
	return tx.Commit()
}

// Peek: correct; the same helper inside a read-only transaction.
func (s *Service) Peek(ctx context.Context, id string) error {
	tx, err := s.db.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := s.charge(ctx, id); err != nil {
		return err
	}
	return tx.Commit()
}
