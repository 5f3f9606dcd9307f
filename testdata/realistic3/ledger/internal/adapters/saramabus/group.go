// Package saramabus adapts sarama to the ledger: consumer-group handlers
// that call a project handler, and producers implementing ports.Publisher.
package saramabus

import (
	"context"
	"log/slog"

	"github.com/IBM/sarama"
	"golang.org/x/sync/errgroup"
)

// HandleFunc handles one message.
type HandleFunc func(ctx context.Context, msg *sarama.ConsumerMessage) error

// GroupHandler calls handle for each message and marks it.
type GroupHandler struct {
	handle HandleFunc
	log    *slog.Logger
}

// NewGroupHandler returns a handler calling handle.
func NewGroupHandler(handle HandleFunc, log *slog.Logger) *GroupHandler {
	return &GroupHandler{handle: handle, log: log}
}

func (h *GroupHandler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (h *GroupHandler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

// ConsumeClaim handles the claim's messages in order; a failed message is
// logged so that one bad posting does not block the partition.
func (h *GroupHandler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for {
		select {
		case msg, ok := <-claim.Messages():
			if !ok {
				return nil
			}
			if err := h.handle(sess.Context(), msg); err != nil {
				h.log.Error("handle failed", "topic", msg.Topic, "partition", msg.Partition, "offset", msg.Offset, "err", err)
				continue // want: skipcommit
			}
			sess.MarkMessage(msg, "")
		case <-sess.Context().Done():
			return nil
		}
	}
}

// DLQGroupHandler parks a failed message on a dead-letter topic before it
// moves on, and stops when it cannot.
type DLQGroupHandler struct {
	handle   HandleFunc
	dlq      sarama.SyncProducer
	dlqTopic string
	log      *slog.Logger
}

// NewDLQGroupHandler returns a handler calling handle.
func NewDLQGroupHandler(handle HandleFunc, dlq sarama.SyncProducer, dlqTopic string, log *slog.Logger) *DLQGroupHandler {
	return &DLQGroupHandler{handle: handle, dlq: dlq, dlqTopic: dlqTopic, log: log}
}

func (h *DLQGroupHandler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (h *DLQGroupHandler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

// ConsumeClaim handles each message; a failure goes to the dead-letter topic.
func (h *DLQGroupHandler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		if err := h.handle(sess.Context(), msg); err != nil {
			h.log.Warn("parking message", "offset", msg.Offset, "err", err)
			if _, _, derr := h.dlq.SendMessage(&sarama.ProducerMessage{
				Topic: h.dlqTopic,
				Key:   sarama.ByteEncoder(msg.Key),
				Value: sarama.ByteEncoder(msg.Value),
			}); derr != nil {
				return derr
			}
		}
		sess.MarkMessage(msg, "")
	}
	return nil
}

// ParallelGroupHandler handles the claim's messages concurrently, up to
// limit at a time, for the high-volume adjustments topic.
type ParallelGroupHandler struct {
	handle HandleFunc
	limit  int
	log    *slog.Logger
}

// NewParallelGroupHandler returns a handler calling handle concurrently.
func NewParallelGroupHandler(handle HandleFunc, limit int, log *slog.Logger) *ParallelGroupHandler {
	return &ParallelGroupHandler{handle: handle, limit: limit, log: log}
}

func (h *ParallelGroupHandler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (h *ParallelGroupHandler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

// ConsumeClaim starts each message's handling and marks it right away; the
// errgroup is only waited for when the claim ends.
func (h *ParallelGroupHandler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	g, ctx := errgroup.WithContext(sess.Context())
	g.SetLimit(h.limit)
	for msg := range claim.Messages() {
		g.Go(func() error {
			return h.handle(ctx, msg)
		})
		sess.MarkMessage(msg, "") // want: offsetorder
	}
	return g.Wait()
}
