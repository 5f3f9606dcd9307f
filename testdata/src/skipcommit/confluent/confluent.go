// Package confluent holds confluent-kafka-go loops with the offset store
// done by hand (enable.auto.offset.store false).
package confluent

import (
	"log"
	"time"

	"github.com/confluentinc/confluent-kafka-go/kafka"
)

type handler interface {
	Handle(value []byte) error
}

// Bad: the failed message is skipped; StoreMessage of the next one stores
// an offset past it, and the auto commit commits it.
func storeSkip(c *kafka.Consumer, h handler) {
	for {
		msg, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		if err := h.Handle(msg.Value); err != nil {
			log.Print(err)
			continue // want `handler.Handle fails \(confluent.go:24\) and the loop moves on: \(\*kafka.Consumer\).StoreMessage \(confluent.go:28\)`
		}
		if _, err := c.StoreMessage(msg); err != nil {
			log.Print(err)
		}
	}
}

// Good: retried until it succeeds.
func storeRetry(c *kafka.Consumer, h handler) {
	for {
		msg, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		for h.Handle(msg.Value) != nil {
			time.Sleep(time.Second)
		}
		if _, err := c.StoreMessage(msg); err != nil {
			log.Print(err)
		}
	}
}
