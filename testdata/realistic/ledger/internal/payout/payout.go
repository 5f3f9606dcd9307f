// Package payout sends payouts to the bank.
package payout

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"time"

	"example.com/corpus/ledger/internal/platform/retryx"
	"github.com/google/uuid"
	"github.com/segmentio/kafka-go"
)

// Request is one payout.
type Request struct {
	PayoutID       string `json:"payout_id"`
	Account        string `json:"account"`
	Amount         int64  `json:"amount"`
	IdempotencyKey string `json:"-"`
}

// Bank is the bank's HTTP API.
type Bank struct {
	URL  string
	HTTP *http.Client
}

// Send posts one payout with the request's key.
func (b *Bank) Send(ctx context.Context, r Request) (string, error) {
	body, _ := json.Marshal(r)
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, b.URL+"/payouts", bytes.NewReader(body))
	if err != nil {
		return "", err
	}
	req.Header.Set("Idempotency-Key", r.IdempotencyKey)
	resp, err := b.HTTP.Do(req)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 300 {
		return "", fmt.Errorf("bank status %d", resp.StatusCode)
	}
	return resp.Header.Get("X-Bank-Reference"), nil
}

// Sender retries payouts.
type Sender struct {
	Bank *Bank
	Log  *slog.Logger
}

// Pay retries with the generic helper; the key is the payout's own ID.
func (s *Sender) Pay(ctx context.Context, r Request) (string, error) {
	r.IdempotencyKey = "payout:" + r.PayoutID
	return retryx.Retry(ctx, retryx.Options{Attempts: 4, Wait: time.Second},
		func(ctx context.Context, attempt int) (string, error) {
			s.Log.DebugContext(ctx, "payout attempt", "attempt", attempt, "span", uuid.NewString())
			return s.Bank.Send(ctx, r)
		})
}

// PayQuick mints the key per attempt.
func (s *Sender) PayQuick(ctx context.Context, r Request) (string, error) {
	return retryx.Retry(ctx, retryx.Options{Attempts: 3, Wait: 200 * time.Millisecond},
		func(ctx context.Context, attempt int) (string, error) {
			r.IdempotencyKey = uuid.NewString() // want: uuidinretry
			return s.Bank.Send(ctx, r)
		})
}

// PayUntilDone retries forever with the payout's key.
func (s *Sender) PayUntilDone(ctx context.Context, r Request) error {
	key := uuid.NewString()
	return retryx.Forever(ctx, 2*time.Second, func() error {
		_, err := s.Bank.Send(ctx, Request{PayoutID: r.PayoutID, Account: r.Account, Amount: r.Amount, IdempotencyKey: key})
		return err
	})
}

// Consumer pays out each payout request from Kafka.
type Consumer struct {
	Reader *kafka.Reader
	Sender *Sender
	Log    *slog.Logger
}

// Run pays each message; the key is made per delivery, so a redelivery
// after a crash pays again.
func (c *Consumer) Run(ctx context.Context) error {
	for {
		msg, err := c.Reader.FetchMessage(ctx)
		if err != nil {
			return err
		}
		var r Request
		if err := json.Unmarshal(msg.Value, &r); err != nil {
			c.Log.Error("bad payout", "error", err)
			if err := c.Reader.CommitMessages(ctx, msg); err != nil {
				return err
			}
			continue
		}
		r.IdempotencyKey = uuid.NewString() // want: uuidinretry
		if _, err := c.Sender.Bank.Send(ctx, r); err != nil {
			return err
		}
		if err := c.Reader.CommitMessages(ctx, msg); err != nil {
			return err
		}
	}
}

// RunDerived derives the key from the message coordinates.
func (c *Consumer) RunDerived(ctx context.Context) error {
	for {
		msg, err := c.Reader.FetchMessage(ctx)
		if err != nil {
			return err
		}
		var r Request
		if err := json.Unmarshal(msg.Value, &r); err != nil {
			c.Log.Error("bad payout", "error", err)
			continue
		}
		r.IdempotencyKey = fmt.Sprintf("%s-%d-%d", msg.Topic, msg.Partition, msg.Offset)
		correlation := uuid.NewString()
		c.Log.InfoContext(ctx, "paying", "correlation_id", correlation, "payout", r.PayoutID)
		if _, err := c.Sender.Pay(ctx, r); err != nil {
			return err
		}
		if err := c.Reader.CommitMessages(ctx, msg); err != nil {
			return err
		}
	}
}
