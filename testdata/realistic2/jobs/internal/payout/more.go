package payout

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/oklog/ulid/v2"
	retry "github.com/sethvargo/go-retry"

	"example.com/corpus2/jobs/internal/bank"
	"example.com/corpus2/jobs/internal/retryx"
)

// Batch sends a batch with an index loop: one id per line, not per attempt.
func (s *Sender) Batch(ctx context.Context, lines []Line) ([]string, error) {
	refs := make([]string, 0, len(lines))
	for i := 0; i < len(lines); i++ {
		key := uuid.NewString()
		r, err := s.Bank.Send(ctx, bank.Transfer{IdempotencyKey: key, FromAccount: lines[i].Account, AmountMinor: lines[i].AmountMinor})
		if err != nil {
			return refs, err
		}
		refs = append(refs, r.BankRef)
	}
	return refs, nil
}

// sendOnce is handed to the retry as a method value; it builds the key itself.
type attempt struct {
	s *Sender
	l Line
}

func (a *attempt) run(ctx context.Context) error {
	_, err := a.s.Bank.Send(ctx, bank.Transfer{IdempotencyKey: uuid.NewString(), FromAccount: a.l.Account, AmountMinor: a.l.AmountMinor})
	if err != nil {
		return retry.RetryableError(err)
	}
	return nil
}

// SendMethodValue retries a method value.
func (s *Sender) SendMethodValue(ctx context.Context, l Line) error {
	a := &attempt{s: s, l: l}
	return retry.Do(ctx, retry.WithMaxRetries(3, retry.NewFibonacci(time.Second)), a.run) // want: uuidinretry
}

// SendDo uses retryx.Do, which wraps Retry, with the key inside.
func (s *Sender) SendDo(ctx context.Context, l Line) error {
	return retryx.Do(ctx, func(ctx context.Context) error {
		_, err := s.Bank.Send(ctx, bank.Transfer{IdempotencyKey: ulid.Make().String(), FromAccount: l.Account}) // want: uuidinretry
		return err
	})
}

// SendKeyed takes the key from the caller: each caller makes one per transfer.
func (s *Sender) SendKeyed(ctx context.Context, key string, l Line) error {
	return retryx.Do(ctx, func(ctx context.Context) error {
		_, err := s.Bank.Send(ctx, bank.Transfer{IdempotencyKey: key, FromAccount: l.Account})
		return err
	})
}

// SendEach makes one key per line and retries each line under it.
func (s *Sender) SendEach(ctx context.Context, lines []Line) error {
	for _, l := range lines {
		if err := s.SendKeyed(ctx, uuid.NewString(), l); err != nil {
			return err
		}
	}
	return nil
}

// WaitSettled polls until the bank settles; the loop retries a read.
func (s *Sender) WaitSettled(ctx context.Context, transferID string) error {
	for attempt := 0; attempt < 20; attempt++ {
		r, err := s.Bank.Status(ctx, transferID)
		if err == nil && r.Status == "SETTLED" {
			return nil
		}
		s.Log.Debug("not settled", "probe", ulid.Make().String(), "attempt", attempt)
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(5 * time.Second):
		}
	}
	return context.DeadlineExceeded
}
