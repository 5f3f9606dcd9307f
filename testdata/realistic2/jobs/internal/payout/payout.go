// Package payout sends settlement transfers to the bank.
package payout

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"time"

	"github.com/cenkalti/backoff/v5"
	"github.com/oklog/ulid/v2"
	retry "github.com/sethvargo/go-retry"

	"example.com/corpus2/jobs/internal/bank"
	"example.com/corpus2/jobs/internal/ids"
	"example.com/corpus2/jobs/internal/retryx"
)

// Line is one settlement line.
type Line struct {
	BatchID     string
	LineNo      int
	Account     string
	IBAN        string
	AmountMinor int64
	Currency    string
}

// Sender sends payouts.
type Sender struct {
	Bank *bank.Client
	Log  *slog.Logger
}

// SendV5 retries with backoff v5; the key is derived once from the line.
func (s *Sender) SendV5(ctx context.Context, l Line) (bank.Receipt, error) {
	t := bank.Transfer{
		IdempotencyKey: ids.TransferKey(l.BatchID, l.LineNo),
		TransferID:     ids.NewTransferID(),
		FromAccount:    l.Account, ToIBAN: l.IBAN, AmountMinor: l.AmountMinor, Currency: l.Currency,
	}
	return backoff.Retry(ctx, func() (bank.Receipt, error) {
		r, err := s.Bank.Send(ctx, t)
		if isClientError(err) {
			return bank.Receipt{}, backoff.Permanent(err)
		}
		return r, err
	}, backoff.WithBackOff(backoff.NewExponentialBackOff()), backoff.WithMaxTries(5))
}

// SendV5Fresh builds the transfer inside the operation.
func (s *Sender) SendV5Fresh(ctx context.Context, l Line) (bank.Receipt, error) {
	op := func() (bank.Receipt, error) {
		return s.Bank.Send(ctx, bank.Transfer{
			IdempotencyKey: ulid.Make().String(), // want: uuidinretry
			FromAccount:    l.Account, ToIBAN: l.IBAN, AmountMinor: l.AmountMinor, Currency: l.Currency,
		})
	}
	return backoff.Retry(ctx, op, backoff.WithMaxElapsedTime(time.Minute))
}

// SendGoRetry uses sethvargo/go-retry; the transfer id is made per attempt
// and is the bank's dedup key.
func (s *Sender) SendGoRetry(ctx context.Context, l Line) error {
	b := retry.WithMaxRetries(4, retry.NewExponential(200*time.Millisecond))
	return retry.Do(ctx, b, func(ctx context.Context) error {
		t := bank.Transfer{
			IdempotencyKey: ids.NewBatchID(), // want: uuidinretry
			FromAccount:    l.Account, ToIBAN: l.IBAN, AmountMinor: l.AmountMinor, Currency: l.Currency,
		}
		if _, err := s.Bank.Send(ctx, t); err != nil {
			return retry.RetryableError(err)
		}
		return nil
	})
}

// SendGoRetryValue keeps the key outside and logs a trace id per attempt.
func (s *Sender) SendGoRetryValue(ctx context.Context, l Line) (bank.Receipt, error) {
	key := ids.TransferKey(l.BatchID, l.LineNo)
	b := retry.WithMaxRetries(4, retry.NewConstant(time.Second))
	return retry.DoValue(ctx, b, func(ctx context.Context) (bank.Receipt, error) {
		trace := ids.NewTraceID()
		s.Log.Info("sending transfer", "trace", trace, "key", key)
		r, err := s.Bank.Send(ctx, bank.Transfer{IdempotencyKey: key, FromAccount: l.Account, AmountMinor: l.AmountMinor})
		if err != nil {
			s.Log.Warn("transfer attempt failed", "trace", trace, "err", err)
			return bank.Receipt{}, retry.RetryableError(err)
		}
		return r, nil
	})
}

// SendGeneric uses the company helper with a key made before the retry.
func (s *Sender) SendGeneric(ctx context.Context, l Line) (bank.Receipt, error) {
	t := bank.Transfer{IdempotencyKey: ulid.Make().String(), FromAccount: l.Account, ToIBAN: l.IBAN, AmountMinor: l.AmountMinor, Currency: l.Currency}
	return retryx.Retry(ctx, func(ctx context.Context) (bank.Receipt, error) {
		return s.Bank.Send(ctx, t)
	})
}

// SendGenericFresh makes the key inside the company helper's callback.
func (s *Sender) SendGenericFresh(ctx context.Context, l Line) (bank.Receipt, error) {
	return retryx.RetryPolicy(ctx, retryx.Policy{Attempts: 5, Base: time.Second, Max: 10 * time.Second},
		func(ctx context.Context) (bank.Receipt, error) {
			t := bank.Transfer{
				IdempotencyKey: ids.NewTransferID(), // want: uuidinretry
				FromAccount:    l.Account, ToIBAN: l.IBAN, AmountMinor: l.AmountMinor, Currency: l.Currency,
			}
			return s.Bank.Send(ctx, t)
		})
}

// SendAll sends each line with its own key, one retry per line.
func (s *Sender) SendAll(ctx context.Context, lines []Line) error {
	for _, l := range lines {
		key := ulid.Make().String()
		err := retryx.Do(ctx, func(ctx context.Context) error {
			_, err := s.Bank.Send(ctx, bank.Transfer{IdempotencyKey: key, FromAccount: l.Account, AmountMinor: l.AmountMinor})
			return err
		})
		if err != nil {
			return err
		}
	}
	return nil
}

// PollStatus retries a read; a fresh trace id per attempt is harmless.
func (s *Sender) PollStatus(ctx context.Context, transferID string) (bank.Receipt, error) {
	return retryx.Retry(ctx, func(ctx context.Context) (bank.Receipt, error) {
		s.Log.Debug("poll", "trace", ids.NewTraceID(), "transfer", transferID)
		r, err := s.Bank.Status(ctx, transferID)
		if err == nil && r.Status == "PENDING" {
			return r, errors.New("still pending")
		}
		return r, err
	})
}

func isClientError(err error) bool {
	var se interface{ StatusCode() int }
	if errors.As(err, &se) {
		c := se.StatusCode()
		return c >= 400 && c < 500 && c != http.StatusTooManyRequests
	}
	return false
}
