// Package settle builds and publishes settlement batches.
package settle

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"
	"github.com/segmentio/kafka-go"
	"github.com/twmb/franz-go/pkg/kgo"

	"example.com/corpus2/jobs/internal/ids"
	"example.com/corpus2/jobs/internal/payout"
)

// Settler closes settlement batches.
type Settler struct {
	DB     *sqlx.DB
	Writer *kafka.Writer
	Franz  *kgo.Client
}

type lineRow struct {
	LineNo      int    `db:"line_no"`
	Account     string `db:"account"`
	IBAN        string `db:"iban"`
	AmountMinor int64  `db:"amount_minor"`
	Currency    string `db:"currency"`
}

// Close closes one merchant's day into a batch and records the batch event
// in the outbox, all in one transaction.
func (s *Settler) Close(ctx context.Context, merchant string, day time.Time) (string, error) {
	batchID := ids.NewBatchID()
	tx, err := s.DB.BeginTxx(ctx, &sql.TxOptions{Isolation: sql.LevelSerializable})
	if err != nil {
		return "", err
	}
	defer func() { _ = tx.Rollback() }()
	res, err := tx.NamedExecContext(ctx,
		`INSERT INTO settlement_batches (id, merchant_id, day) VALUES (:id, :merchant, :day)
		 ON CONFLICT (merchant_id, day) DO NOTHING`,
		map[string]any{"id": batchID, "merchant": merchant, "day": day})
	if err != nil {
		return "", err
	}
	if n, err := res.RowsAffected(); err != nil {
		return "", err
	} else if n == 0 {
		return "", nil // already closed
	}
	var lines []lineRow
	if err := tx.SelectContext(ctx, &lines,
		`SELECT line_no, account, iban, amount_minor, currency FROM settlement_lines WHERE merchant_id = $1 AND day = $2`,
		merchant, day); err != nil {
		return "", err
	}
	payload, _ := json.Marshal(map[string]any{"batch_id": batchID, "lines": len(lines)})
	if _, err := tx.ExecContext(ctx, `INSERT INTO outbox (topic, key, payload) VALUES ('settlements', $1, $2)`,
		batchID, payload); err != nil {
		return "", err
	}
	return batchID, tx.Commit()
}

// Lines loads a batch's lines for the payout sender.
func (s *Settler) Lines(ctx context.Context, batchID string) ([]payout.Line, error) {
	var rows []lineRow
	if err := s.DB.SelectContext(ctx, &rows,
		`SELECT l.line_no, l.account, l.iban, l.amount_minor, l.currency
		   FROM settlement_lines l JOIN settlement_batches b ON b.merchant_id = l.merchant_id AND b.day = l.day
		  WHERE b.id = $1 ORDER BY l.line_no`, batchID); err != nil {
		return nil, err
	}
	out := make([]payout.Line, len(rows))
	for i, r := range rows {
		out[i] = payout.Line{BatchID: batchID, LineNo: r.LineNo, Account: r.Account, IBAN: r.IBAN, AmountMinor: r.AmountMinor, Currency: r.Currency}
	}
	return out, nil
}

// Announce publishes the batch-closed event directly (a job without an outbox).
func (s *Settler) Announce(ctx context.Context, batchID string) error {
	return s.Writer.WriteMessages(ctx, kafka.Message{Topic: "settlements", Key: []byte(batchID), Value: []byte(batchID)})
}

// AnnounceFranz publishes through franz-go and waits for the acks.
func (s *Settler) AnnounceFranz(ctx context.Context, batchID string) error {
	res := s.Franz.ProduceSync(ctx, &kgo.Record{Topic: "settlements", Key: []byte(batchID), Value: []byte(batchID)})
	if err := res.FirstErr(); err != nil {
		return fmt.Errorf("announce: %w", err)
	}
	return nil
}
