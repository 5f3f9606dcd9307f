// Package store is the sqlx persistence of the orders service.
package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"example.com/corpus/orders/internal/platform/dbx"
	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"
)

// ErrDuplicate is returned when an order with the same key exists.
var ErrDuplicate = errors.New("duplicate order")

// Order is a stored order.
type Order struct {
	ID             string    `db:"id"`
	CustomerID     string    `db:"customer_id"`
	IdempotencyKey string    `db:"idempotency_key"`
	Status         string    `db:"status"`
	TotalCents     int64     `db:"total_cents"`
	CreatedAt      time.Time `db:"created_at"`
}

// Store is the orders repository.
type Store struct {
	db *sqlx.DB
}

// New returns a store.
func New(db *sqlx.DB) *Store { return &Store{db: db} }

// DB exposes the handle for the transaction helper.
func (s *Store) DB() *sqlx.DB { return s.db }

const insertOrder = `
INSERT INTO orders (id, customer_id, idempotency_key, status, total_cents)
VALUES ($1, $2, $3, 'NEW', $4)
ON CONFLICT (idempotency_key) DO NOTHING
RETURNING id, customer_id, idempotency_key, status, total_cents, created_at`

// InsertOrder creates the order in tx; a repeat of the key gives ErrDuplicate.
func (s *Store) InsertOrder(ctx context.Context, tx *sqlx.Tx, customerID, key string, total int64) (Order, error) {
	var o Order
	err := tx.QueryRowxContext(ctx, insertOrder, uuid.NewString(), customerID, key, total).StructScan(&o)
	if errors.Is(err, sql.ErrNoRows) {
		return Order{}, ErrDuplicate
	}
	if err != nil {
		return Order{}, fmt.Errorf("insert order: %w", err)
	}
	return o, nil
}

// InsertOrderGet is the sqlx Get form of the same claim.
func (s *Store) InsertOrderGet(ctx context.Context, tx *sqlx.Tx, customerID, key string, total int64) (Order, error) {
	var o Order
	if err := tx.GetContext(ctx, &o, insertOrder, uuid.NewString(), customerID, key, total); err != nil { // want: onconflict (sqlx Get)
		return Order{}, fmt.Errorf("insert order: %w", err)
	}
	return o, nil
}

// ByKey loads the order created with key.
func (s *Store) ByKey(ctx context.Context, key string) (Order, error) {
	var o Order
	err := s.db.GetContext(ctx, &o, `SELECT id, customer_id, idempotency_key, status, total_cents, created_at FROM orders WHERE idempotency_key = $1`, key)
	return o, err
}

// OutboxMessage is an outbox row.
type OutboxMessage struct {
	ID        string
	Topic     string
	Key       string
	Payload   []byte
	CreatedAt time.Time
}

// AddOutbox writes an outbox row in tx.
func (s *Store) AddOutbox(ctx context.Context, tx *sqlx.Tx, topic, key string, payload any) error {
	b, err := json.Marshal(payload)
	if err != nil {
		return err
	}
	_, err = tx.ExecContext(ctx,
		`INSERT INTO outbox (id, topic, msg_key, payload) VALUES ($1, $2, $3, $4)`,
		uuid.NewString(), topic, key, b)
	return err
}

// ClaimEvent inserts the processed-event row in tx and says whether this
// delivery is the first.
func (s *Store) ClaimEvent(ctx context.Context, tx *sqlx.Tx, eventID, consumer string) (bool, error) {
	res, err := tx.ExecContext(ctx,
		`INSERT INTO processed_event (event_id, consumer_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`,
		eventID, consumer)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	if err != nil {
		return false, err
	}
	return n == 1, nil
}

// MarkPaid marks the order paid after its payment event. The dedup insert's
// count is never read, so a redelivered event appends the history row again.
func (s *Store) MarkPaid(ctx context.Context, tx *sqlx.Tx, eventID, orderID string) error {
	if _, err := tx.ExecContext(ctx, // want: onconflict
		`INSERT INTO processed_event (event_id, consumer_id) VALUES ($1, 'orders-paid') ON CONFLICT (event_id, consumer_id) DO NOTHING`,
		eventID); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE orders SET status = 'PAID' WHERE id = $1`, orderID); err != nil {
		return err
	}
	_, err := tx.ExecContext(ctx, `INSERT INTO order_history (order_id, event) VALUES ($1, 'PAID')`, orderID)
	return err
}

// UpsertCustomer is an idempotent upsert; nothing after it depends on it.
func (s *Store) UpsertCustomer(ctx context.Context, id, email string) error {
	_, err := s.db.ExecContext(ctx, `
		INSERT INTO customers (id, email) VALUES ($1, $2)
		ON CONFLICT (id) DO UPDATE SET email = EXCLUDED.email`, id, email)
	return err
}

// RememberEmail stores an email; a repeat is a no-op and nothing follows.
func (s *Store) RememberEmail(ctx context.Context, email string) error {
	_, err := s.db.ExecContext(ctx, `INSERT INTO seen_emails (email) VALUES ($1) ON CONFLICT DO NOTHING`, email)
	return err
}

// AttachTags adds tags to an order; duplicates are ignored by design and
// each insert is independent of the others.
func (s *Store) AttachTags(ctx context.Context, orderID string, tags []string) error {
	return dbx.WithTx(ctx, s.db, func(tx *sqlx.Tx) error {
		for _, t := range tags {
			if _, err := tx.ExecContext(ctx, `INSERT INTO order_tags (order_id, tag) VALUES ($1, $2) ON CONFLICT DO NOTHING`, orderID, t); err != nil {
				return err
			}
		}
		return nil
	})
}

// ClaimShipment is the QueryRow form with ErrNoRows checked in a nested if.
func (s *Store) ClaimShipment(ctx context.Context, orderID string) (claimed bool, err error) {
	var id string
	err = s.db.QueryRowContext(ctx, `
		INSERT INTO shipments (order_id) VALUES ($1)
		ON CONFLICT ON CONSTRAINT shipments_order_id_key DO NOTHING
		RETURNING order_id`, orderID).Scan(&id)
	if err != nil {
		if dbx.IsNoRows(err) {
			return false, nil
		}
		return false, err
	}
	return true, nil
}

// EnsureInvoice returns the invoice number, creating it once.
func (s *Store) EnsureInvoice(ctx context.Context, orderID string) (string, error) {
	var number string
	err := s.db.QueryRowContext(ctx, `
		INSERT INTO invoices (order_id, number) VALUES ($1, nextval('invoice_seq')::text)
		-- was: ON CONFLICT DO NOTHING, which lost the number on a retry
		ON CONFLICT (order_id) DO UPDATE SET order_id = EXCLUDED.order_id
		RETURNING number`, orderID).Scan(&number)
	return number, err
}
