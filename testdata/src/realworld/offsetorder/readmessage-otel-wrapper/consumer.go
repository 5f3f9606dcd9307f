// Package consumer reads orders through a tracing wrapper (batch 6 sweep:
// an order service that instruments kafka-go with Trendyol's
// otel-kafka-konsumer). The wrapper's ReadMessage calls kafka-go's
// ReadMessage on a reader with a GroupID, which commits the offset as it
// returns; each message is then stored in a goroutine. A crash, or a failed
// store that is only logged, loses the message.
package consumer

import (
	"context"
	"database/sql"
	"log"

	otelkafkakonsumer "github.com/Trendyol/otel-kafka-konsumer"
	"github.com/segmentio/kafka-go"
)

type Consumer struct {
	reader *otelkafkakonsumer.Reader
	db     *sql.DB
}

func New(db *sql.DB) *Consumer {
	r, _ := otelkafkakonsumer.NewReader(kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"kafka:9092"}, GroupID: "orders", Topic: "orders"}))
	return &Consumer{reader: r, db: db}
}

func (c *Consumer) store(ctx context.Context, m *kafka.Message) { // want store:`durableWork\(\(\*sql\.DB\)\.ExecContext\)`
	if _, err := c.db.ExecContext(ctx, `INSERT INTO orders (payload) VALUES ($1)`, m.Value); err != nil {
		log.Printf("store order: %v", err)
	}
}

func (c *Consumer) Run(ctx context.Context) { // want Run:`durableWork\(\(\*Consumer\)\.store → \(\*sql\.DB\)\.ExecContext\)`
	for {
		m, err := c.reader.ReadMessage(ctx) // want `ReadMessage commits the offset as it returns`
		if err != nil {
			if ctx.Err() != nil {
				return
			}
			continue
		}
		go c.store(ctx, m)
	}
}
