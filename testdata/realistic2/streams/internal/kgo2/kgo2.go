// Package kgo2 holds kafka-go consumers of the chargebacks topic.
package kgo2

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"time"

	"github.com/IBM/sarama"
	"github.com/segmentio/kafka-go"

	"example.com/corpus2/streams/internal/ctxkit"
	"example.com/corpus2/streams/internal/events"
)

// applyDetached applies ev on a context that survives shutdown for a while.
func applyDetached(ctx context.Context, proj *events.Projector, ev events.PaymentEvent) error {
	actx, cancel := ctxkit.Detach(ctx, 10*time.Second)
	defer cancel()
	return proj.Apply(actx, ev)
}

// Seen is the dedup store.
type Seen interface {
	Seen(ctx context.Context, id string) (bool, error)
}

// Consumer is a kafka-go consumer with an explicit committer goroutine.
type Consumer struct {
	Reader *kafka.Reader
	Proj   *events.Projector
	Seen   Seen
	Log    *slog.Logger
}

// Run fetches, applies, and hands applied messages to a committer that
// commits them every second.
func (c *Consumer) Run(ctx context.Context) error {
	applied := make(chan kafka.Message, 128)
	done := make(chan error, 1)
	go func() {
		t := time.NewTicker(time.Second)
		defer t.Stop()
		var pending []kafka.Message
		for {
			select {
			case m, ok := <-applied:
				if !ok {
					done <- c.Reader.CommitMessages(context.Background(), pending...)
					return
				}
				pending = append(pending, m)
			case <-t.C:
				if len(pending) > 0 {
					if err := c.Reader.CommitMessages(context.Background(), pending...); err != nil {
						c.Log.Warn("commit", "err", err)
						continue
					}
					pending = pending[:0]
				}
			}
		}
	}()
	defer func() {
		close(applied)
		<-done
	}()
	for {
		m, err := c.Reader.FetchMessage(ctx)
		if errors.Is(err, io.EOF) || errors.Is(err, context.Canceled) {
			return nil
		}
		if err != nil {
			return err
		}
		ev, err := events.Decode(m.Value)
		if err != nil {
			applied <- m // poison: commit past it
			continue
		}
		if err := applyDetached(ctx, c.Proj, ev); err != nil {
			return err
		}
		applied <- m
	}
}

// RunDedup skips what it has seen and commits it, applies the rest, then commits.
func (c *Consumer) RunDedup(ctx context.Context) error {
	for {
		m, err := c.Reader.FetchMessage(ctx)
		if err != nil {
			return err
		}
		ev, err := events.Decode(m.Value)
		if err != nil {
			c.Log.Warn("poison", "offset", m.Offset)
			if err := c.Reader.CommitMessages(ctx, m); err != nil {
				return err
			}
			continue
		}
		seen, err := c.Seen.Seen(ctx, ev.EventID)
		if err != nil {
			return err
		}
		if seen {
			if err := c.Reader.CommitMessages(ctx, m); err != nil {
				return err
			}
			continue
		}
		if err := c.Proj.Apply(ctx, ev); err != nil {
			return err
		}
		if err := c.Reader.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
}

// RunPartition reads one partition without a group: ReadMessage commits nothing.
func RunPartition(ctx context.Context, brokers []string, proj *events.Projector) error {
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: brokers, Topic: "chargebacks", Partition: 0, MinBytes: 1, MaxBytes: 1 << 20})
	defer r.Close()
	for {
		m, err := r.ReadMessage(ctx)
		if err != nil {
			return err
		}
		ev, err := events.Decode(m.Value)
		if err != nil {
			continue
		}
		if err := proj.Apply(context.WithoutCancel(ctx), ev); err != nil { // want: ctxcancel
			return err
		}
	}
}

// RunGroupRead reads with a group: each ReadMessage commits before Apply.
func RunGroupRead(ctx context.Context, brokers []string, proj *events.Projector) error {
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: brokers, Topic: "chargebacks", GroupID: "chargebacks-projector"})
	defer r.Close()
	for {
		m, err := r.ReadMessage(ctx) // want: offsetorder
		if err != nil {
			return err
		}
		ev, err := events.Decode(m.Value)
		if err != nil {
			continue
		}
		if err := applyDetached(ctx, proj, ev); err != nil {
			return err
		}
	}
}

// SelectHandler is the shape of sarama's own consumer-group example.
type SelectHandler struct {
	Proj *events.Projector
}

func (h *SelectHandler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (h *SelectHandler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (h *SelectHandler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for {
		select {
		case msg, ok := <-claim.Messages():
			if !ok {
				return nil
			}
			ev, err := events.Decode(msg.Value)
			if err == nil {
				if err := applyDetached(sess.Context(), h.Proj, ev); err != nil {
					return err
				}
			}
			sess.MarkMessage(msg, "")
		case <-sess.Context().Done():
			return nil
		}
	}
}

// EagerSelect marks before it applies, in the same shape.
type EagerSelect struct {
	Proj *events.Projector
}

func (h *EagerSelect) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (h *EagerSelect) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (h *EagerSelect) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for {
		select {
		case msg, ok := <-claim.Messages():
			if !ok {
				return nil
			}
			sess.MarkMessage(msg, "") // want: offsetorder
			ev, err := events.Decode(msg.Value)
			if err != nil {
				continue
			}
			if err := applyDetached(sess.Context(), h.Proj, ev); err != nil {
				return err
			}
		case <-sess.Context().Done():
			return nil
		}
	}
}
