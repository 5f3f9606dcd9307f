// Package sarama holds sarama claim loops.
package sarama

import (
	"context"
	"encoding/json"
	"errors"
	"log"

	"github.com/IBM/sarama"
)

type event struct{ OrderID, Key string }

type orders interface {
	SetState(ctx context.Context, id string) error
}

type keys interface {
	Get(ctx context.Context, key string) error
}

var errMiss = errors.New("miss")

type Handler struct {
	orders orders
	keys   keys
}

func (h *Handler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (h *Handler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

// Bad: a failed update is logged and the loop goes on; the next
// MarkMessage marks the partition past it.
func (h *Handler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error { // want ConsumeClaim:"commitsOffset" ConsumeClaim:"durableWork"
	for msg := range claim.Messages() {
		var ev event
		if err := json.Unmarshal(msg.Value, &ev); err != nil {
			log.Printf("bad payload: %v", err) // never valid: skipped on purpose
			continue
		}
		err := h.keys.Get(sess.Context(), ev.Key)
		if err == nil {
			continue // a duplicate: done before
		}
		if !errors.Is(err, errMiss) {
			log.Printf("lookup: %v", err)
			continue // want `keys.Get fails \(sarama.go:42\) and the loop moves on: sarama.ConsumerGroupSession.MarkMessage \(sarama.go:54\)`
		}
		if err := h.orders.SetState(sess.Context(), ev.OrderID); err != nil {
			log.Printf("set state: %v", err)
			continue // want `orders.SetState fails \(sarama.go:50\) and the loop moves on: sarama.ConsumerGroupSession.MarkMessage \(sarama.go:54\)`
		}
		sess.MarkMessage(msg, "")
	}
	return nil
}

type Stopping struct{ Handler }

// Good: the error ends the claim; the session restarts from the last mark.
func (h *Stopping) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error { // want ConsumeClaim:"commitsOffset" ConsumeClaim:"durableWork"
	for msg := range claim.Messages() {
		if err := h.orders.SetState(sess.Context(), string(msg.Key)); err != nil {
			return err
		}
		sess.MarkMessage(msg, "")
	}
	return nil
}

type Unmarked struct{ Handler }

// Good: nothing is ever marked, so nothing moves past the failure.
func (h *Unmarked) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error { // want ConsumeClaim:"durableWork"
	for msg := range claim.Messages() {
		if err := h.orders.SetState(sess.Context(), string(msg.Key)); err != nil {
			log.Printf("set state: %v", err)
			continue
		}
	}
	return nil
}

type cache interface {
	Set(ctx context.Context, key string) error
}

type inbox interface {
	MarkProcessed(ctx context.Context, id string) error
}

type publisher interface {
	Publish(ctx context.Context, id string) error
}

type keyed struct{ OrderID, IKey string }

type Bookkeeping struct {
	orders orders
	cache  cache
	inbox  inbox
	pub    publisher
}

func (h *Bookkeeping) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (h *Bookkeeping) Cleanup(sarama.ConsumerGroupSession) error { return nil }

// Good: the idempotency key is written after the work succeeded; when that
// write fails and the loop moves on, the work is done and nothing is lost.
// Bad: a publish after the work is work of its own.
func (h *Bookkeeping) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error { // want ConsumeClaim:"commitsOffset" ConsumeClaim:"durableWork"
	for msg := range claim.Messages() {
		var ev keyed
		if err := json.Unmarshal(msg.Value, &ev); err != nil {
			continue
		}
		if err := h.orders.SetState(sess.Context(), ev.OrderID); err != nil {
			continue // want `orders.SetState fails`
		}
		if err := h.pub.Publish(sess.Context(), ev.OrderID); err != nil {
			continue // want `publisher.Publish fails`
		}
		if err := h.cache.Set(sess.Context(), ev.IKey); err != nil {
			log.Printf("set key: %v", err)
			continue
		}
		if err := h.inbox.MarkProcessed(sess.Context(), ev.OrderID); err != nil {
			log.Printf("mark processed: %v", err)
		}
		sess.MarkMessage(msg, "")
	}
	return nil
}

type MarkerFirst struct {
	Bookkeeping
}

// Bad: the "marker" is the only call: nothing did the work before it.
func (h *MarkerFirst) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error { // want ConsumeClaim:"commitsOffset" ConsumeClaim:"durableWork"
	for msg := range claim.Messages() {
		if err := h.inbox.MarkProcessed(sess.Context(), string(msg.Key)); err != nil {
			continue // want `inbox.MarkProcessed fails`
		}
		sess.MarkMessage(msg, "")
	}
	return nil
}
