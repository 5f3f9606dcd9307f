package consumer

import (
	"context"
	"encoding/json"
	"log/slog"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/segmentio/kafka-go"
)

// LegacyChargebackConsumer predates the FetchMessage migration.
type LegacyChargebackConsumer struct {
	reader *kafka.Reader
	pool   *pgxpool.Pool
	log    *slog.Logger
}

// NewLegacyChargebackConsumer wires the consumer with a group reader.
func NewLegacyChargebackConsumer(brokers []string, pool *pgxpool.Pool, log *slog.Logger) *LegacyChargebackConsumer {
	return &LegacyChargebackConsumer{
		reader: kafka.NewReader(kafka.ReaderConfig{
			Brokers: brokers,
			GroupID: "billing-chargebacks",
			Topic:   "payments.chargeback",
		}),
		pool: pool,
		log:  log,
	}
}

type chargeback struct {
	PaymentID string `json:"payment_id"`
	Reason    string `json:"reason"`
}

// Run reads with auto-commit.
func (c *LegacyChargebackConsumer) Run(ctx context.Context) error {
	for {
		msg, err := c.reader.ReadMessage(ctx) // want: offsetorder
		if err != nil {
			return err
		}
		var cb chargeback
		if err := json.Unmarshal(msg.Value, &cb); err != nil {
			c.log.Error("bad chargeback", "error", err)
			continue
		}
		dedupKey := uuid.NewString() // want: uuidinretry
		if _, err := c.pool.Exec(ctx,
			`INSERT INTO processed_event (event_id, consumer_id) VALUES ($1, 'chargebacks')`, dedupKey); err != nil {
			c.log.Error("dedup insert", "error", err)
			continue
		}
		if _, err := c.pool.Exec(ctx, `UPDATE payments SET status = 'CHARGEBACK', reason = $2 WHERE id = $1`, cb.PaymentID, cb.Reason); err != nil {
			c.log.Error("chargeback update", "error", err) // want: skipcommit
		}
	}
}

// ReadAnalytics reads a topic without a group: ReadMessage commits nothing.
func ReadAnalytics(ctx context.Context, brokers []string, sink func([]byte) error) error {
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: brokers, Topic: "payments.analytics", Partition: 0})
	defer r.Close()
	for {
		m, err := r.ReadMessage(ctx)
		if err != nil {
			return err
		}
		if err := sink(m.Value); err != nil {
			return err
		}
	}
}
