// Package kafkago is a kafka-go consumer that commits after the work is durable.
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

// process records the event and its effect in one transaction and reports
// whether it was new.
func (c *Consumer) process(ctx context.Context, ev OrderConfirmed) (bool, error) {
	tx, err := c.pool.Begin(ctx)
	if err != nil {
		return false, err
	}
	defer tx.Rollback(ctx)
	tag, err := tx.Exec(ctx, `INSERT INTO processed_event (event_id, consumer_id) VALUES ($1, 'billing') ON CONFLICT DO NOTHING`, ev.ID)
	if err != nil {
		return false, err
	}
	if tag.RowsAffected() == 0 {
		return false, nil
	}
	if _, err := tx.Exec(ctx, `UPDATE orders SET status = 'BILLED' WHERE id = $1`, ev.OrderID); err != nil {
		return false, err
	}
	return true, tx.Commit(ctx)
}

// Run fetches, does the work in one transaction, then commits.
func (c *Consumer) Run(ctx context.Context) error {
	for {
		m, err := c.r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		var ev OrderConfirmed
		if err := json.Unmarshal(m.Value, &ev); err != nil {
			if err := c.r.CommitMessages(ctx, m); err != nil { // poison message: skip it
				return err
			}
			continue
		}
		if _, err := c.process(ctx, ev); err != nil {
			return err
		}
		if err := c.r.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
}

// RunBatch waits for every handler of the batch before the commit.
func (c *Consumer) RunBatch(ctx context.Context, batch []kafka.Message) error {
	g, gctx := errgroup.WithContext(ctx)
	for _, m := range batch {
		g.Go(func() error {
			_, err := c.process(gctx, OrderConfirmed{ID: string(m.Key)})
			return err
		})
	}
	if err := g.Wait(); err != nil {
		return err
	}
	return c.r.CommitMessages(ctx, batch...)
}

// RunPartition reads one partition without a group: ReadMessage commits nothing.
func RunPartition(ctx context.Context, pool *pgxpool.Pool) error {
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"localhost:9092"}, Topic: "orders.confirmed", Partition: 0})
	defer r.Close()
	c := &Consumer{r: r, pool: pool}
	for {
		m, err := r.ReadMessage(ctx)
		if err != nil {
			return err
		}
		if _, err := c.process(ctx, OrderConfirmed{ID: string(m.Key)}); err != nil {
			return err
		}
	}
}
