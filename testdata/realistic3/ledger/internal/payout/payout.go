// Package payout sends payouts to the partner bank.
package payout

import (
	"context"
	"database/sql"
	"log/slog"
	"time"

	"github.com/cenkalti/backoff/v4"
	"github.com/google/uuid"

	"example.com/corpus3/ledger/internal/adapters/sqlstore"
	"example.com/corpus3/ledger/internal/platform/ctxutil"
	"example.com/corpus3/ledger/internal/platform/ids"
	"example.com/corpus3/ledger/internal/platform/retryutil"
	"example.com/corpus3/ledger/internal/platform/sqltx"
	"example.com/corpus3/ledger/internal/ports"
)

// Service sends payouts.
type Service struct {
	db     *sql.DB
	uow    *sqltx.Factory
	bank   ports.Bank
	pub    ports.Publisher
	policy retryutil.Policy
	log    *slog.Logger
}

// NewService returns the service.
func NewService(db *sql.DB, uow *sqltx.Factory, bank ports.Bank, pub ports.Publisher, log *slog.Logger) *Service {
	return &Service{db: db, uow: uow, bank: bank, pub: pub, policy: retryutil.Policy{Attempts: 4, Delay: 250 * time.Millisecond}, log: log}
}

// transferAttempt is one attempt of a transfer (the old code path).
type transferAttempt struct {
	bank ports.Bank
	p    ports.Payout
	ref  *string
}

func (a transferAttempt) run(ctx context.Context) error {
	ref, err := a.bank.Transfer(ctx, ports.TransferRequest{
		IdempotencyKey: uuid.NewString(),
		IBAN:           a.p.IBAN,
		Amount:         a.p.Amount,
		Reference:      a.p.ID,
	})
	*a.ref = ref
	return err
}

// Send transfers a payout with retries.
func (s *Service) Send(ctx context.Context, p ports.Payout) (string, error) {
	var ref string
	err := retryutil.Do(ctx, s.policy, transferAttempt{bank: s.bank, p: p, ref: &ref}.run) // want: uuidinretry
	return ref, err
}

// keyedAttempt carries the payout's stable key into every attempt.
type keyedAttempt struct {
	bank ports.Bank
	p    ports.Payout
	key  string
	ref  *string
	log  *slog.Logger
}

func (a keyedAttempt) run(ctx context.Context) error {
	a.log.Debug("transfer attempt", "payout", a.p.ID, "attempt_id", uuid.NewString())
	ref, err := a.bank.Transfer(ctx, ports.TransferRequest{IdempotencyKey: a.key, IBAN: a.p.IBAN, Amount: a.p.Amount, Reference: a.p.ID})
	*a.ref = ref
	return err
}

// SendKeyed transfers a payout with retries under one key.
func (s *Service) SendKeyed(ctx context.Context, p ports.Payout) (string, error) {
	var ref string
	a := keyedAttempt{bank: s.bank, p: p, key: ids.ForPayout(p.ID, "transfer"), ref: &ref, log: s.log}
	err := retryutil.Do(ctx, s.policy, a.run)
	return ref, err
}

// notify asks the bank to send the remittance advice.
func (s *Service) notify(ctx context.Context, p ports.Payout) error {
	return backoff.Retry(func() error {
		return s.bank.NotifyPayee(ctx, p.ID, ids.NewKey()) // want: uuidinretry
	}, backoff.WithContext(backoff.NewExponentialBackOff(), ctx))
}

// notifyKeyed is notify with the payout's key.
func (s *Service) notifyKeyed(ctx context.Context, p ports.Payout) error {
	key := ids.ForPayout(p.ID, "notify")
	return backoff.Retry(func() error {
		return s.bank.NotifyPayee(ctx, p.ID, key)
	}, backoff.WithContext(backoff.NewExponentialBackOff(), ctx))
}

// Request creates the payout of a client request once: the request id is
// the primary key of payout_requests, and the payout row is written in the
// same transaction.
func (s *Service) Request(ctx context.Context, requestID string, p ports.Payout) (string, error) {
	existing, err := sqlstore.PayoutForRequest(ctx, s.db, requestID)
	if err != nil || existing != "" {
		return existing, err
	}
	uow, err := s.uow.Begin(ctx)
	if err != nil {
		return "", err
	}
	defer uow.Rollback()
	if err := sqlstore.CreatePayout(ctx, uow.Tx(), p); err != nil {
		return "", err
	}
	if err := sqlstore.RecordRequest(ctx, uow.Tx(), requestID, p.ID); err != nil {
		return "", err
	}
	return p.ID, uow.Commit()
}

// RunPending sends the pending payouts; each one runs on a detached budget
// so that SIGTERM lets the current one finish.
func (s *Service) RunPending(ctx context.Context, pending []ports.Payout) error {
	for _, p := range pending {
		if ctx.Err() != nil {
			return nil
		}
		pctx, cancel := ctxutil.Detached(ctx, 2*time.Minute)
		err := s.complete(pctx, p)
		cancel()
		if err != nil {
			s.log.Error("payout", "id", p.ID, "err", err)
		}
	}
	return nil
}

func (s *Service) complete(ctx context.Context, p ports.Payout) error {
	ref, err := s.SendKeyed(ctx, p)
	if err != nil {
		return err
	}
	uow, err := s.uow.Begin(ctx)
	if err != nil {
		return err
	}
	defer uow.Rollback()
	if _, err := uow.Tx().ExecContext(ctx, `UPDATE payouts SET status = 'SENT', bank_ref = $2 WHERE id = $1`, p.ID, ref); err != nil {
		return err
	}
	if err := uow.Commit(); err != nil {
		return err
	}
	return s.notifyKeyed(ctx, p)
}

// Legacy is the old batch path still run by the nightly job.
func (s *Service) Legacy(ctx context.Context, p ports.Payout) error {
	pctx, cancel := ctxutil.Detached(ctx, 2*time.Minute)
	defer cancel()
	ref, err := s.Send(pctx, p)
	if err != nil {
		return err
	}
	if _, err := s.db.ExecContext(pctx, `UPDATE payouts SET status = 'SENT', bank_ref = $2 WHERE id = $1`, p.ID, ref); err != nil {
		return err
	}
	return s.notify(pctx, p)
}

// Cancel cancels a pending payout and tells the payee service.
func (s *Service) Cancel(ctx context.Context, payoutID string) error {
	res, err := s.db.ExecContext(ctx, `UPDATE payouts SET status = 'CANCELLED' WHERE id = $1 AND status = 'PENDING'`, payoutID)
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		return err
	}
	return s.pub.Publish(ctx, "payouts.cancelled", payoutID, []byte(`{"id":"`+payoutID+`"}`)) // dualwrite: reported at the wiring (cmd/ledger/main.go, payout.NewService)
}

// RequestAndSend is the instant-payout endpoint: it checks the request,
// sends the money, and records the request afterwards. payout_requests'
// primary key stops the second insert, but only after both sent money.
func (s *Service) RequestAndSend(ctx context.Context, requestID string, p ports.Payout) (string, error) {
	existing, err := sqlstore.PayoutForRequest(ctx, s.db, requestID)
	if err != nil || existing != "" {
		return existing, err
	}
	ref, err := s.SendKeyed(ctx, p)
	if err != nil {
		return "", err
	}
	uow, err := s.uow.Begin(ctx)
	if err != nil {
		return "", err
	}
	defer uow.Rollback()
	if err := sqlstore.CreatePayout(ctx, uow.Tx(), p); err != nil {
		return "", err
	}
	if err := sqlstore.RecordRequest(ctx, uow.Tx(), requestID, p.ID); err != nil { // checkthenact: PayoutForRequest(requestID), a bank transfer through ports.Bank, then the INSERT of requestID (primary key): the loser has sent money before its insert fails; reported at the wiring (cmd/ledger/main.go, payout.NewService)
		return "", err
	}
	return ref, uow.Commit()
}

// ExpireStale expires payouts pending for more than a day, every hour; the
// expiry must not be cut by a deploy, so it runs on a background context.
func (s *Service) ExpireStale(ctx context.Context) error {
	t := time.NewTicker(time.Hour)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return nil
		case <-t.C:
		}
		if err := s.expire(ctxutil.Background(ctx)); err != nil { // want: ctxcancel
			s.log.Error("expire payouts", "err", err)
		}
	}
}

func (s *Service) expire(ctx context.Context) error {
	uow, err := s.uow.Begin(ctx) // ctxcancel rule 3: reported where the untimed detached ctx is made (ExpireStale)
	if err != nil {
		return err
	}
	defer uow.Rollback()
	if _, err := uow.Tx().ExecContext(ctx,
		`UPDATE payouts SET status = 'EXPIRED' WHERE status = 'PENDING' AND id IN (SELECT id FROM payouts WHERE status = 'PENDING' LIMIT 1000)`); err != nil {
		return err
	}
	return uow.Commit()
}
