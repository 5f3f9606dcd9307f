// Package saramagrp holds the sarama consumer-group handlers of the
// refunds topic, with worker pools.
package saramagrp

import (
	"context"
	"log/slog"
	"sync"

	"github.com/IBM/sarama"
	"golang.org/x/sync/errgroup"

	"example.com/corpus2/streams/internal/events"
)

// BatchHandler handles each claim's messages in batches with an errgroup.
type BatchHandler struct {
	Proj      *events.Projector
	Log       *slog.Logger
	BatchSize int
}

func (h *BatchHandler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (h *BatchHandler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

// ConsumeClaim collects a batch, applies it concurrently, waits, then marks
// the batch's last message.
func (h *BatchHandler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	batch := make([]*sarama.ConsumerMessage, 0, h.BatchSize)
	flush := func() error {
		if len(batch) == 0 {
			return nil
		}
		g, gctx := errgroup.WithContext(sess.Context())
		g.SetLimit(8)
		for _, m := range batch {
			g.Go(func() error {
				ev, err := events.Decode(m.Value)
				if err != nil {
					return nil
				}
				return h.Proj.Apply(gctx, ev)
			})
		}
		if err := g.Wait(); err != nil {
			return err
		}
		sess.MarkMessage(batch[len(batch)-1], "")
		batch = batch[:0]
		return nil
	}
	for msg := range claim.Messages() {
		batch = append(batch, msg)
		if len(batch) >= h.BatchSize {
			if err := flush(); err != nil {
				return err
			}
		}
	}
	return flush()
}

// FanOutHandler starts one goroutine per message and marks at once.
type FanOutHandler struct {
	Proj *events.Projector
	Log  *slog.Logger
}

func (h *FanOutHandler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (h *FanOutHandler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (h *FanOutHandler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		go func(m *sarama.ConsumerMessage) {
			ev, err := events.Decode(m.Value)
			if err != nil {
				return
			}
			if err := h.Proj.Apply(context.Background(), ev); err != nil {
				h.Log.Error("apply", "offset", m.Offset, "err", err)
			}
		}(msg)
		sess.MarkMessage(msg, "") // want: offsetorder
	}
	return nil
}

// GroupNoWait uses an errgroup per message but never waits before marking.
type GroupNoWait struct {
	Proj *events.Projector
}

func (h *GroupNoWait) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (h *GroupNoWait) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (h *GroupNoWait) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	var g errgroup.Group
	for msg := range claim.Messages() {
		g.Go(func() error {
			ev, err := events.Decode(msg.Value)
			if err != nil {
				return nil
			}
			return h.Proj.Apply(sess.Context(), ev)
		})
		sess.MarkMessage(msg, "") // want: offsetorder
	}
	return g.Wait()
}

// PoolHandler hands messages to a fixed pool of workers and marks each
// message when its worker reports back, in order.
type PoolHandler struct {
	Proj    *events.Projector
	Log     *slog.Logger
	Workers int
}

func (h *PoolHandler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (h *PoolHandler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

type job struct {
	msg  *sarama.ConsumerMessage
	done chan error
}

func (h *PoolHandler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	jobs := make(chan job)
	var wg sync.WaitGroup
	for range h.Workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range jobs {
				ev, err := events.Decode(j.msg.Value)
				if err == nil {
					err = h.Proj.Apply(sess.Context(), ev)
				}
				j.done <- err
			}
		}()
	}
	defer func() {
		close(jobs)
		wg.Wait()
	}()
	pending := make(chan job, h.Workers)
	errc := make(chan error, 1)
	go func() {
		defer close(errc)
		for j := range pending {
			if err := <-j.done; err != nil {
				errc <- err
				return
			}
			sess.MarkMessage(j.msg, "")
		}
	}()
	for msg := range claim.Messages() {
		j := job{msg: msg, done: make(chan error, 1)}
		select {
		case jobs <- j:
		case err := <-errc:
			return err
		}
		pending <- j
	}
	close(pending)
	return <-errc
}

// SyncHandler applies, and marks in a defer that runs after the apply.
type SyncHandler struct {
	Proj *events.Projector
	Log  *slog.Logger
}

func (h *SyncHandler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (h *SyncHandler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (h *SyncHandler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		if err := h.one(sess, msg); err != nil {
			return err
		}
	}
	return nil
}

func (h *SyncHandler) one(sess sarama.ConsumerGroupSession, msg *sarama.ConsumerMessage) (err error) {
	defer func() {
		if err == nil {
			sess.MarkMessage(msg, "")
		}
	}()
	ev, derr := events.Decode(msg.Value)
	if derr != nil {
		h.Log.Warn("poison", "offset", msg.Offset, "err", derr)
		return nil
	}
	return h.Proj.Apply(sess.Context(), ev)
}
