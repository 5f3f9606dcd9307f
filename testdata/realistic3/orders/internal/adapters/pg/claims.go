package pg

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"example.com/corpus3/orders/internal/platform/txman"
)

// Inbox implements domain.Inbox.
type Inbox struct {
	tm *txman.Manager
}

// NewInbox returns the inbox.
func NewInbox(tm *txman.Manager) *Inbox { return &Inbox{tm: tm} }

// Claim records eventID for consumer; false when an earlier delivery claimed it.
func (r *Inbox) Claim(ctx context.Context, consumer, eventID string) (bool, error) {
	tag, err := r.tm.Conn(ctx).Exec(ctx,
		`INSERT INTO inbox (consumer, event_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`, consumer, eventID)
	if err != nil {
		return false, fmt.Errorf("claim %s/%s: %w", consumer, eventID, err)
	}
	return tag.RowsAffected() == 1, nil
}

// Attempts implements domain.PaymentAttempts.
type Attempts struct {
	tm *txman.Manager
}

// NewAttempts returns the repository.
func NewAttempts(tm *txman.Manager) *Attempts { return &Attempts{tm: tm} }

const insertAttempt = `
INSERT INTO payment_attempts (order_id, attempt_key)
VALUES ($1, $2)
ON CONFLICT (attempt_key) DO NOTHING
RETURNING id`

// Start records a payment attempt and returns its id.
func (r *Attempts) Start(ctx context.Context, orderID, attemptKey string) (int64, error) {
	var id int64
	if err := r.tm.Conn(ctx).QueryRow(ctx, insertAttempt, orderID, attemptKey).Scan(&id); err != nil { // want: onconflict
		return 0, fmt.Errorf("start attempt for %s: %w", orderID, err)
	}
	return id, nil
}

// StartOnce is Start for callers that retry: a duplicate key is "already started".
func (r *Attempts) StartOnce(ctx context.Context, orderID, attemptKey string) (int64, bool, error) {
	var id int64
	err := r.tm.Conn(ctx).QueryRow(ctx, insertAttempt, orderID, attemptKey).Scan(&id)
	switch {
	case errors.Is(err, pgx.ErrNoRows):
		return 0, false, nil
	case err != nil:
		return 0, false, err
	}
	return id, true, nil
}
