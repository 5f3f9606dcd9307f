// Package sync mirrors customers to the CRM.
package sync

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"time"

	"example.com/corpus/billing/internal/db"
	"example.com/corpus/billing/internal/platform/ctxutil"
	"example.com/corpus/billing/internal/platform/ids"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// CRM is the CRM's HTTP API.
type CRM struct {
	URL  string
	HTTP *http.Client
}

// Push upserts a customer in the CRM (PUT is keyed by the customer ID).
func (c *CRM) Push(ctx context.Context, customerID string, body []byte) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPut, c.URL+"/customers/"+customerID, bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Idempotency-Key", "customer:"+customerID)
	resp, err := c.HTTP.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Syncer pushes orders to the CRM.
type Syncer struct {
	Pool *pgxpool.Pool
	CRM  *CRM
	Log  *slog.Logger
}

// pushOrder reads with plain (non-transactional) queries and pushes.
func pushOrder(ctx context.Context, q *db.Queries, crm *CRM, orderID string) error {
	o, err := q.GetOrder(ctx, orderID)
	if err != nil {
		return err
	}
	b, _ := json.Marshal(o)
	return crm.Push(ctx, o.CustomerID, b)
}

// SyncOrders pushes each order; no transaction is open.
func (s *Syncer) SyncOrders(ctx context.Context, orderIDs []string) error {
	q := db.New(s.Pool)
	for _, id := range orderIDs {
		if err := pushOrder(ctx, q, s.CRM, id); err != nil {
			s.Log.WarnContext(ctx, "push", "order", id, "error", err)
		}
	}
	return nil
}

// createPayment passes the sqlc error through; its caller handles ErrNoRows.
func createPayment(ctx context.Context, q *db.Queries, orderID, key string, amount int64) (db.Payment, error) {
	return q.CreatePayment(ctx, db.CreatePaymentParams{
		ID:             ids.NewPaymentID(),
		OrderID:        orderID,
		AmountKopecks:  amount,
		IdempotencyKey: key,
	})
}

// RecordPayment records a payment once; a duplicate is "already recorded".
func (s *Syncer) RecordPayment(ctx context.Context, orderID, key string, amount int64) (bool, error) {
	_, err := createPayment(ctx, db.New(s.Pool), orderID, key, amount)
	if errors.Is(err, pgx.ErrNoRows) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	return true, nil
}

// RecordPaymentIgnoringDup creates a payment and accepts the duplicate with
// the != form of the check.
func (s *Syncer) RecordPaymentIgnoringDup(ctx context.Context, orderID, key string, amount int64) error {
	q := db.New(s.Pool)
	if _, err := q.CreatePayment(ctx, db.CreatePaymentParams{ID: ids.NewPaymentID(), OrderID: orderID, AmountKopecks: amount, IdempotencyKey: key}); err != nil && !errors.Is(err, pgx.ErrNoRows) {
		return fmt.Errorf("create payment: %w", err)
	}
	return nil
}

// flushOnce detaches its own context: the caller's cancellation only stops
// the loop.
func (s *Syncer) flushOnce(parent context.Context) error {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(parent), 10*time.Second)
	defer cancel()
	tx, err := s.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, `UPDATE crm_queue SET pushed_at = now() WHERE pushed_at IS NULL`); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// flushWithHelper detaches through the ctxutil helper in two steps.
func (s *Syncer) flushWithHelper(parent context.Context) error {
	ctx := ctxutil.WithoutCancel(parent)
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	return pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error { // not a finding (a fixed false positive of ctxcancel)
		_, err := tx.Exec(ctx, `DELETE FROM crm_queue WHERE pushed_at < now() - interval '7 days'`)
		return err
	})
}

// Run flushes on every tick until ctx is done.
func (s *Syncer) Run(ctx context.Context) {
	t := time.NewTicker(5 * time.Second)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			if err := s.flushOnce(ctx); err != nil {
				s.Log.WarnContext(ctx, "flush", "error", err)
			}
			if err := s.flushWithHelper(ctx); err != nil {
				s.Log.WarnContext(ctx, "cleanup", "error", err)
			}
		}
	}
}
