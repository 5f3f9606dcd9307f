package consumer

import (
	"context"
	"encoding/json"
	"log/slog"
	"time"

	"example.com/corpus/orders/internal/events"
	"example.com/corpus/orders/internal/store"
	"github.com/IBM/sarama"
	"golang.org/x/sync/errgroup"
)

// StockHandler applies stock changes; changes for different SKUs are applied
// concurrently, and the claim is marked once the whole batch is done.
type StockHandler struct {
	store     *store.Store
	log       *slog.Logger
	batchSize int
}

// NewStockHandler wires the handler.
func NewStockHandler(s *store.Store, log *slog.Logger) *StockHandler {
	return &StockHandler{store: s, log: log, batchSize: 50}
}

// Setup implements sarama.ConsumerGroupHandler.
func (h *StockHandler) Setup(sarama.ConsumerGroupSession) error { return nil }

// Cleanup implements sarama.ConsumerGroupHandler.
func (h *StockHandler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

// ConsumeClaim collects a batch, applies it with an errgroup and marks the
// last message after Wait.
func (h *StockHandler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	batch := make([]*sarama.ConsumerMessage, 0, h.batchSize)
	flush := time.NewTicker(time.Second)
	defer flush.Stop()
	for {
		select {
		case msg, ok := <-claim.Messages():
			if !ok {
				return h.apply(sess, batch)
			}
			batch = append(batch, msg)
			if len(batch) < h.batchSize {
				continue
			}
		case <-flush.C:
		case <-sess.Context().Done():
			return nil
		}
		if err := h.apply(sess, batch); err != nil {
			return err
		}
		batch = batch[:0]
	}
}

func (h *StockHandler) apply(sess sarama.ConsumerGroupSession, batch []*sarama.ConsumerMessage) error {
	if len(batch) == 0 {
		return nil
	}
	ctx, cancel := context.WithTimeout(context.WithoutCancel(sess.Context()), 20*time.Second)
	defer cancel()
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(8)
	for _, msg := range batch {
		g.Go(func() error {
			var ev events.StockChanged
			if err := json.Unmarshal(msg.Value, &ev); err != nil {
				h.log.Error("bad stock event", "offset", msg.Offset, "error", err)
				return nil
			}
			_, err := h.store.DB().ExecContext(gctx,
				`INSERT INTO stock (sku, available) VALUES ($1, $2) ON CONFLICT (sku) DO UPDATE SET available = EXCLUDED.available`,
				ev.SKU, ev.Available)
			return err
		})
	}
	if err := g.Wait(); err != nil {
		return err
	}
	sess.MarkMessage(batch[len(batch)-1], "")
	return nil
}
