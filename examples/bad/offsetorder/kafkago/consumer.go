// Package kafkago is a kafka-go consumer that commits offsets too early.
package kafkago

import (
	"context"
	"encoding/json"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/segmentio/kafka-go"
	"golang.org/x/sync/errgroup"
)

type OrderConfirmed struct {
	ID      string `json:"id"`
	OrderID string `json:"order_id"`
}

type Consumer struct {
	r    *kafka.Reader
	pool *pgxpool.Pool
}

func (c *Consumer) process(ctx context.Context, ev OrderConfirmed) error {
	tx, err := c.pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, `INSERT INTO processed_event (event_id, consumer_id) VALUES ($1, 'billing')`, ev.ID); err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, `UPDATE orders SET status = 'BILLED' WHERE id = $1`, ev.OrderID); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

func (c *Consumer) ack(ctx context.Context, m kafka.Message) error {
	return c.r.CommitMessages(ctx, m)
}

// Run is the seed's "resolveOffset before processEvent" in kafka-go.
func (c *Consumer) Run(ctx context.Context) error {
	for {
		m, err := c.r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		var ev OrderConfirmed
		if err := json.Unmarshal(m.Value, &ev); err != nil {
			return err
		}
		if err := c.r.CommitMessages(ctx, m); err != nil { // want: offsetorder
			return err
		}
		if err := c.process(ctx, ev); err != nil {
			return err
		}
	}
}

// RunHelper commits through a helper, in one branch only.
func (c *Consumer) RunHelper(ctx context.Context) error {
	for {
		m, err := c.r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if m.Topic == "priority" {
			c.ack(ctx, m) // want: offsetorder
		}
		if err := c.process(ctx, OrderConfirmed{ID: string(m.Key)}); err != nil {
			return err
		}
		c.ack(ctx, m)
	}
}

// RunBatch hands a batch to goroutines and commits without waiting.
func (c *Consumer) RunBatch(ctx context.Context, batch []kafka.Message) error {
	g, gctx := errgroup.WithContext(ctx)
	for _, m := range batch {
		g.Go(func() error { return c.process(gctx, OrderConfirmed{ID: string(m.Key)}) })
	}
	if err := c.r.CommitMessages(ctx, batch...); err != nil { // want: offsetorder
		return err
	}
	return g.Wait()
}

// RunRead uses ReadMessage on a group reader: it commits as it returns.
func RunRead(ctx context.Context, pool *pgxpool.Pool) error {
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"localhost:9092"}, GroupID: "billing", Topic: "orders.confirmed"})
	defer r.Close()
	c := &Consumer{r: r, pool: pool}
	for {
		m, err := r.ReadMessage(ctx) // want: offsetorder
		if err != nil {
			return err
		}
		if err := c.process(ctx, OrderConfirmed{ID: string(m.Key)}); err != nil {
			return err
		}
	}
}
