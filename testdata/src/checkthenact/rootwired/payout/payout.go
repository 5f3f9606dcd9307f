// Package payout checks and records requests through the store's helpers // want package:`pending\(payout\.\(\*Payouts\)\.RequestAndSend at payout\.go:25 → payout\.go:32\)`
// (in sight) around a transfer through the Bank port, which only the
// composition root wires.
package payout

import (
	"context"
	"database/sql"

	"checkthenact/rootwired/domain"
	"checkthenact/rootwired/store"
)

// Payouts sends payouts.
type Payouts struct {
	DB   *sql.DB
	Bank domain.Bank
}

// RequestAndSend checks the request, sends the money through the Bank port
// and records the request afterwards: request_id is the primary key, but
// the loser has sent money before its insert fails (bad when the port is
// wired to bank.Client).
func (p *Payouts) RequestAndSend(ctx context.Context, requestID, iban string, amount int64) (string, error) { // want RequestAndSend:`keyOps\(read payout_requests\.request_id of p1, insert payout_requests\.request_id of p1; writes: store\.RecordRequest → \(\*sql\.DB\)\.ExecContext; port: domain\.Bank\.Transfer\)`
	if id, err := store.PayoutForRequest(ctx, p.DB, requestID); err != nil || id != "" {
		return id, err
	}
	ref, err := p.Bank.Transfer(ctx, iban, amount)
	if err != nil {
		return "", err
	}
	return ref, store.RecordRequest(ctx, p.DB, requestID, ref)
}

// Request records the request with nothing between the check and the
// insert: good.
func (p *Payouts) Request(ctx context.Context, requestID, payoutID string) error { // want Request:`keyOps\(read payout_requests\.request_id of p1, insert payout_requests\.request_id of p1, insert payout_requests\.payout_id of p2; writes: store\.RecordRequest → \(\*sql\.DB\)\.ExecContext\)`
	if id, err := store.PayoutForRequest(ctx, p.DB, requestID); err != nil || id != "" {
		return err
	}
	return store.RecordRequest(ctx, p.DB, requestID, payoutID)
}
