package consumer

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"example.com/corpus/billing/internal/db"
	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/segmentio/kafka-go"
)

// LedgerConsumer writes ledger entries for settled payments. It commits the
// offsets of handled messages in groups, at the top of the next iteration.
type LedgerConsumer struct {
	reader  *kafka.Reader
	pool    *pgxpool.Pool
	queries *db.Queries
	log     *slog.Logger
}

// NewLedgerConsumer wires the consumer.
func NewLedgerConsumer(r *kafka.Reader, pool *pgxpool.Pool, log *slog.Logger) *LedgerConsumer {
	return &LedgerConsumer{reader: r, pool: pool, queries: db.New(pool), log: log}
}

type paymentSettled struct {
	EventID   string `json:"event_id"`
	PaymentID string `json:"payment_id"`
	Amount    int64  `json:"amount"`
}

// Run handles each message in its own transaction and commits the handled
// ones every 100 messages or every second.
func (c *LedgerConsumer) Run(ctx context.Context) error {
	var (
		handled    []kafka.Message
		lastCommit = time.Now()
	)
	for {
		if len(handled) >= 100 || (len(handled) > 0 && time.Since(lastCommit) > time.Second) {
			if err := c.reader.CommitMessages(ctx, handled...); err != nil { // not a finding (a fixed false positive of offsetorder)
				return fmt.Errorf("commit: %w", err)
			}
			handled = handled[:0]
			lastCommit = time.Now()
		}
		msg, err := c.reader.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := c.handle(ctx, msg); err != nil {
			return err
		}
		handled = append(handled, msg)
	}
}

func (c *LedgerConsumer) handle(ctx context.Context, msg kafka.Message) error {
	var ev paymentSettled
	if err := json.Unmarshal(msg.Value, &ev); err != nil {
		c.log.Error("skip bad settlement", "offset", msg.Offset, "error", err)
		return nil
	}
	return pgx.BeginFunc(ctx, c.pool, func(tx pgx.Tx) error { // want: ctxcancel
		q := c.queries.WithTx(tx)
		_, err := q.InsertLedgerEntry(ctx, db.InsertLedgerEntryParams{
			ID:            uuid.NewString(),
			PaymentID:     ev.PaymentID,
			AmountKopecks: ev.Amount,
		})
		if errors.Is(err, pgx.ErrNoRows) {
			c.log.InfoContext(ctx, "ledger entry exists", "payment_id", ev.PaymentID)
			return nil
		}
		return err
	})
}

// RunDedupFirst checks the dedup table first and commits duplicates right
// away; new messages are handled and then committed.
func (c *LedgerConsumer) RunDedupFirst(ctx context.Context) error {
	for {
		msg, err := c.reader.FetchMessage(ctx)
		if err != nil {
			return err
		}
		var seen bool
		if err := c.pool.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM processed_event WHERE event_id = $1)`, string(msg.Key)).Scan(&seen); err != nil {
			return err
		}
		if seen {
			if err := c.reader.CommitMessages(ctx, msg); err != nil {
				return err
			}
			continue
		}
		if err := c.handle(ctx, msg); err != nil {
			return err
		}
		if err := c.reader.CommitMessages(ctx, msg); err != nil {
			return err
		}
	}
}

// RunBatch fetches up to 50 messages, handles them, and commits the batch;
// failed messages go to the dead-letter topic first.
func (c *LedgerConsumer) RunBatch(ctx context.Context, dlq *kafka.Writer) error {
	for {
		batch := make([]kafka.Message, 0, 50)
		fetchCtx, cancel := context.WithTimeout(ctx, 500*time.Millisecond)
		for len(batch) < cap(batch) {
			m, err := c.reader.FetchMessage(fetchCtx)
			if err != nil {
				break
			}
			batch = append(batch, m)
		}
		cancel()
		if ctx.Err() != nil {
			return nil
		}
		if len(batch) == 0 {
			continue
		}
		for _, m := range batch {
			if err := c.handle(ctx, m); err != nil {
				dctx, dcancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
				werr := dlq.WriteMessages(dctx, kafka.Message{Key: m.Key, Value: m.Value, Headers: append(m.Headers, kafka.Header{Key: "error", Value: []byte(err.Error())})})
				dcancel()
				if werr != nil {
					return werr
				}
			}
		}
		if err := c.reader.CommitMessages(ctx, batch...); err != nil {
			return err
		}
	}
}
