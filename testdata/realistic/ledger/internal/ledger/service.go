// Package ledger posts transfers between accounts.
package ledger

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"example.com/corpus/ledger/internal/fraud"
	"example.com/corpus/ledger/internal/platform/txm"
	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// ErrRejected is returned when the fraud check rejects a transfer.
var ErrRejected = errors.New("transfer rejected")

// Transfer moves money between two accounts.
type Transfer struct {
	ID     string
	From   string
	To     string
	Amount int64
}

// Service posts transfers.
type Service struct {
	pool  *pgxpool.Pool
	tm    *txm.Manager
	fraud fraud.FraudServiceClient
	log   *slog.Logger
}

// NewService wires the service.
func NewService(pool *pgxpool.Pool, fc fraud.FraudServiceClient, log *slog.Logger) *Service {
	return &Service{pool: pool, tm: &txm.Manager{Pool: pool}, fraud: fc, log: log}
}

func postEntries(ctx context.Context, tx pgx.Tx, t Transfer) error {
	batch := &pgx.Batch{}
	batch.Queue(`INSERT INTO entries (id, transfer_id, account_id, amount) VALUES ($1, $2, $3, $4)`, uuid.NewString(), t.ID, t.From, -t.Amount)
	batch.Queue(`INSERT INTO entries (id, transfer_id, account_id, amount) VALUES ($1, $2, $3, $4)`, uuid.NewString(), t.ID, t.To, t.Amount)
	batch.Queue(`UPDATE accounts SET balance = balance - $2 WHERE id = $1`, t.From, t.Amount)
	batch.Queue(`UPDATE accounts SET balance = balance + $2 WHERE id = $1`, t.To, t.Amount)
	return tx.SendBatch(ctx, batch).Close()
}

// Post checks the transfer with the fraud service first, then writes it in
// one transaction.
func (s *Service) Post(ctx context.Context, t Transfer) (bool, error) {
	reply, err := s.fraud.Score(ctx, &fraud.ScoreRequest{TransferId: t.ID, AccountId: t.From, Amount: t.Amount})
	if err != nil {
		return false, fmt.Errorf("score: %w", err)
	}
	if reply.Decision == "REJECT" {
		return false, ErrRejected
	}
	return txm.Do(ctx, s.tm, func(ctx context.Context, tx pgx.Tx) (bool, error) {
		var inserted bool
		err := tx.QueryRow(ctx, `
			INSERT INTO transfers (id, from_account, to_account, amount) VALUES ($1, $2, $3, $4)
			ON CONFLICT (id) DO UPDATE SET id = EXCLUDED.id
			RETURNING (xmax = 0) AS inserted`, t.ID, t.From, t.To, t.Amount).Scan(&inserted)
		if err != nil || !inserted {
			return false, err
		}
		return true, postEntries(ctx, tx, t)
	})
}

// PostChecked scores the transfer inside the transaction so that the lock
// on the source account is held during the check.
func (s *Service) PostChecked(ctx context.Context, t Transfer) error {
	return pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		var balance int64
		if err := tx.QueryRow(ctx, `SELECT balance FROM accounts WHERE id = $1 FOR UPDATE`, t.From).Scan(&balance); err != nil {
			return err
		}
		reply, err := s.fraud.Score(ctx, &fraud.ScoreRequest{TransferId: t.ID, AccountId: t.From, Amount: t.Amount}) // want: httpintx
		if err != nil {
			return err
		}
		if reply.Decision == "REJECT" || balance < t.Amount {
			return ErrRejected
		}
		return postEntries(ctx, tx, t)
	})
}

// PostUnit uses the unit of work and scores after the commit, for the
// audit trail only.
func (s *Service) PostUnit(ctx context.Context, t Transfer) error {
	uow, err := s.tm.Begin(ctx)
	if err != nil {
		return err
	}
	defer uow.Close(ctx)
	if err := postEntries(ctx, uow.Tx(), t); err != nil {
		return err
	}
	if err := uow.Commit(ctx); err != nil {
		return err
	}
	if _, err := s.fraud.Score(ctx, &fraud.ScoreRequest{TransferId: t.ID, AccountId: t.From, Amount: t.Amount}); err != nil {
		s.log.WarnContext(ctx, "post-commit score", "error", err)
	}
	return nil
}

// PostUnitScored scores while the unit of work is still open.
func (s *Service) PostUnitScored(ctx context.Context, t Transfer) error {
	uow, err := s.tm.Begin(ctx)
	if err != nil {
		return err
	}
	defer uow.Close(ctx)
	if err := postEntries(ctx, uow.Tx(), t); err != nil {
		return err
	}
	if _, err := s.fraud.Score(ctx, &fraud.ScoreRequest{TransferId: t.ID}); err != nil { // want: httpintx
		return err
	}
	return uow.Commit(ctx)
}

// Reverse reverses a transfer with the manager's Exec helper.
func (s *Service) Reverse(ctx context.Context, t Transfer) error {
	return s.tm.Exec(ctx, func(ctx context.Context, tx pgx.Tx) error {
		rev := Transfer{ID: t.ID + ":reversal", From: t.To, To: t.From, Amount: t.Amount}
		tag, err := tx.Exec(ctx, `INSERT INTO transfers (id, from_account, to_account, amount) VALUES ($1, $2, $3, $4) ON CONFLICT (id) DO NOTHING`,
			rev.ID, rev.From, rev.To, rev.Amount)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return nil
		}
		return postEntries(ctx, tx, rev)
	})
}

// Hold places a hold; the dedup insert's count is never read.
func (s *Service) Hold(ctx context.Context, holdID, account string, amount int64) error {
	return s.tm.Exec(ctx, func(ctx context.Context, tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `INSERT INTO holds (id, account_id, amount) VALUES ($1, $2, $3) ON CONFLICT (id) DO NOTHING`, holdID, account, amount); err != nil { // want: onconflict
			return err
		}
		_, err := tx.Exec(ctx, `UPDATE accounts SET available = available - $2 WHERE id = $1`, account, amount)
		return err
	})
}
